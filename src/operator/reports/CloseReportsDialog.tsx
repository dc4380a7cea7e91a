import { Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { REPORT_NOTE_MAX_LENGTH, type ReportOutcome } from '../../../shared/contract/problemReport';
import { useConsoleT } from '../i18n/useConsoleT';
import { FormDialog } from '../kit/FormDialog';
import { useConsoleAction } from '../kit/useConsoleAction';
import { useConsoleCall } from '../session/ConsoleApi';
import { useErrorText } from '../useErrorText';
import { closeReports, type CloseTarget } from './reportCalls';

/**
 * Resolve or dismiss one report, or every open report of a machine, with a short note (decision 0072). Says what
 * went wrong and keeps what was typed when the server refuses; tells the page how many it closed.
 */
export function CloseReportsDialog({
  target,
  onClose,
  onClosed,
}: {
  target: CloseTarget | null;
  onClose: () => void;
  onClosed: (count: number) => void;
}) {
  const t = useConsoleT();
  const call = useConsoleCall();
  const errorText = useErrorText();
  const [outcome, setOutcome] = useState<ReportOutcome>('resolved');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const { busy, failure, run } = useConsoleAction();
  const title =
    target === null
      ? ''
      : 'reportId' in target
        ? t('reports.closeTitle', { id: target.reportId })
        : t('reports.closeMachineTitle', { id: target.machineId });

  const save = async () => {
    if (target === null) return;
    if (note.trim() === '') {
      setMissing(true);
      return;
    }
    await run(async () => {
      const count = await closeReports(call, target, { outcome, note: note.trim() });
      setNote('');
      setMissing(false);
      onClosed(count);
    });
  };

  return (
    <FormDialog
      opened={target !== null}
      title={title}
      failure={failure === null ? null : `${t('reports.closeFailed')} ${errorText(failure)}`}
      busy={busy}
      submit={t('reports.save')}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <Radio.Group
        label={t('reports.outcome')}
        value={outcome}
        onChange={(value) => setOutcome(value as ReportOutcome)}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="resolved" label={t('reports.resolved')} data-autofocus />
          <Radio value="dismissed" label={t('reports.dismissed')} />
        </Stack>
      </Radio.Group>
      <Textarea
        label={t('reports.note')}
        description={t('reports.noteHint')}
        withAsterisk
        autosize
        minRows={2}
        maxLength={REPORT_NOTE_MAX_LENGTH}
        value={note}
        error={missing ? t('reports.noteMissing') : undefined}
        errorProps={{ c: 'red.9' }}
        onChange={(event) => {
          setNote(event.currentTarget.value);
          if (event.currentTarget.value.trim() !== '') setMissing(false);
        }}
      />
    </FormDialog>
  );
}
