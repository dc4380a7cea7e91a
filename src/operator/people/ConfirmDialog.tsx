import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useConsoleT } from '../i18n/useConsoleT';

/** "Are you sure?" before an action that signs someone out or stops a token: the default button is Cancel. */
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
        <Text>{text}</Text>
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
