import { Alert, Anchor, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useConsoleT } from '../i18n/useConsoleT';
import { useConsoleCall } from '../session/ConsoleApi';
import { mayEdit } from '../session/session';
import { sessionAtom } from '../session/sessionAtoms';
import { useErrorText } from '../useErrorText';
import { ApplyPanel } from './ApplyPanel';
import { FilePicker } from './FilePicker';
import { applyImport, EXPORT_CSV_URL, previewImport, type ApplyOutcome, type ApplyProgress } from './importCalls';
import type { ImportPreview } from './importPreview';
import { PreviewSummary } from './PreviewSummary';

type Step =
  | { kind: 'idle' }
  | { kind: 'reading'; file: File }
  | { kind: 'refused'; file: File; error: unknown }
  | { kind: 'previewed'; file: File; preview: ImportPreview }
  | { kind: 'applying'; file: File; preview: ImportPreview; progress: ApplyProgress | null }
  | { kind: 'applyFailed'; file: File; preview: ImportPreview; error: unknown }
  | { kind: 'done'; file: File; outcome: ApplyOutcome };

/** The reasons a refused file's answer carries (the import command's own words). */
const reasonsOf = (error: unknown): string[] => {
  const body = error instanceof ApiError ? error.body : undefined;
  const reasons = typeof body === 'object' && body !== null ? (body as { reasons?: unknown }).reasons : undefined;
  return Array.isArray(reasons) ? reasons.filter((reason): reason is string => typeof reason === 'string') : [];
};

/**
 * Import a CSV or JSON file: picked, previewed by the server with the import command's rules (nothing written),
 * applied after a confirmation with its progress shown; and the machines exported in the import's columns.
 */
export function ImportPage() {
  const t = useConsoleT();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const session = useAtomValue(sessionAtom);
  const editable = mayEdit(session);
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  const choose = async (file: File) => {
    setStep({ kind: 'reading', file });
    try {
      setStep({ kind: 'previewed', file, preview: await previewImport(call, file) });
    } catch (error) {
      setStep({ kind: 'refused', file, error });
    }
  };

  const apply = async (file: File, preview: ImportPreview) => {
    setStep({ kind: 'applying', file, preview, progress: null });
    try {
      const outcome = await applyImport(file, preview.key, session?.csrfToken ?? '', (progress) =>
        setStep({ kind: 'applying', file, preview, progress }),
      );
      setStep({ kind: 'done', file, outcome });
    } catch (error) {
      setStep({ kind: 'applyFailed', file, preview, error });
    }
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('import.title')}</Title>
      <Text>{t('import.intro')}</Text>
      <Group gap="sm">
        <Button component="a" href={EXPORT_CSV_URL} download variant="default">
          {t('import.export')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('import.exportHelp')}
        </Text>
      </Group>
      {editable ? (
        <FilePicker
          onChoose={(file) => void choose(file)}
          disabled={step.kind === 'reading' || step.kind === 'applying'}
        />
      ) : (
        <Alert color="gray">{t('import.readOnly')}</Alert>
      )}
      {step.kind === 'reading' && (
        <Group role="status">
          <Loader size="sm" />
          <Text>{t('import.reading', { file: step.file.name })}</Text>
        </Group>
      )}
      {step.kind === 'refused' && (
        <Alert color="red" role="alert">
          <Text>{t('import.refused', { file: step.file.name, reason: errorText(step.error) })}</Text>
          {reasonsOf(step.error).length > 0 && (
            <>
              <Text size="sm" mt="xs">
                {t('import.reasons')}
              </Text>
              <List size="sm">
                {reasonsOf(step.error).map((reason) => (
                  <List.Item key={reason} style={{ overflowWrap: 'anywhere' }}>
                    {reason}
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Alert>
      )}
      {step.kind === 'done' && (
        <Alert color="green" role="status">
          {t('import.done', {
            file: step.file.name,
            added: step.outcome.inserted.toLocaleString(),
            updated: step.outcome.updated.toLocaleString(),
            count: step.outcome.inserted + step.outcome.updated,
          })}
        </Alert>
      )}
      {step.kind === 'applyFailed' && (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text>{t('import.failed', { reason: errorText(step.error) })}</Text>
            {step.error instanceof ApiError && step.error.msg === 'importOutdated' && (
              <Button variant="default" onClick={() => void choose(step.file)}>
                {t('import.previewAgain')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {(step.kind === 'previewed' || step.kind === 'applying') && (
        <>
          <PreviewSummary preview={step.preview}>
            <ApplyPanel
              preview={step.preview}
              progress={step.kind === 'applying' ? step.progress : null}
              applying={step.kind === 'applying'}
              onApply={() => void apply(step.file, step.preview)}
            />
          </PreviewSummary>
        </>
      )}
      {step.kind === 'applyFailed' && <PreviewSummary preview={step.preview} />}
      {step.kind === 'done' && (
        <Anchor
          component="button"
          type="button"
          onClick={() => setStep({ kind: 'idle' })}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('import.another')}
        </Anchor>
      )}
    </Stack>
  );
}
