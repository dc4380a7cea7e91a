import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import type { ApplyProgress } from './importCalls';
import { rowsToWrite, type ImportPreview } from './importPreview';

/** The Apply button, the confirmation it asks for, and the progress while the server writes. */
export function ApplyPanel({
  preview,
  progress,
  applying,
  onApply,
}: {
  preview: ImportPreview;
  progress: ApplyProgress | null;
  applying: boolean;
  onApply: () => void;
}) {
  const t = useConsoleT();
  const [confirming, setConfirming] = useState(false);
  const { added, changed, deactivated, rejected } = preview.counts;
  if (rowsToWrite(preview) === 0) return <Alert color="gray">{t('import.nothingToApply')}</Alert>;
  if (applying) {
    const share = progress?.total ? Math.round((100 * progress.done) / progress.total) : 0;
    const phase = progress?.phase === 'storing photos' ? t('import.phase.photos') : t('import.phase.saving');
    return (
      <Stack gap="xs" role="status">
        <Text>{t('import.applying', { file: preview.file })}</Text>
        <Progress value={share} animated aria-label={phase} />
        {progress && progress.total !== null && (
          <Text size="sm">
            {phase}: {t('import.progress', { done: progress.done.toLocaleString(), count: progress.total })}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <>
      <Group>
        <Button onClick={() => setConfirming(true)}>{t('import.apply')}</Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('import.confirmTitle')} centered>
        <Stack gap="xs">
          {added > 0 && <Text>{t('import.confirmAdd', { count: added })}</Text>}
          {changed > 0 && <Text>{t('import.confirmChange', { count: changed })}</Text>}
          {deactivated > 0 && <Text fw={600}>{t('import.confirmDeactivate', { count: deactivated })}</Text>}
          {rejected > 0 && <Text>{t('import.confirmSkip', { count: rejected })}</Text>}
          <Text size="sm" c="dimmed">
            {t('import.confirmAudit')}
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('import.cancel')}
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                onApply();
              }}
            >
              {t('import.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
