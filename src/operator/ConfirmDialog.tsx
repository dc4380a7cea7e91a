import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useConsoleT } from './i18n/useConsoleT';

/** "Are you sure?" before an action that cannot be undone (sign someone out, stop a token, delete): Cancel is the default. */
export function ConfirmDialog({
  title,
  text,
  confirm,
  busy,
  onConfirm,
  onClose,
}: {
  title: string | null;
  text: string;
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useConsoleT();
  return (
    <Modal
      opened={title !== null}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('people.close') }}
    >
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('people.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
