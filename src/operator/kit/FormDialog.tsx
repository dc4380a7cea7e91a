import { Alert, Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';

/**
 * A console form in a dialog: its fields, what the last try failed with (an alert), Cancel and the submit button,
 * busy while the act runs. Enter submits; the field marked `data-autofocus` takes the focus.
 */
export function FormDialog({
  opened,
  title,
  size,
  failure,
  busy,
  submit,
  submitDisabled = false,
  onSubmit,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  size?: ModalProps['size'];
  failure: string | null;
  busy: boolean;
  submit: string;
  submitDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useConsoleT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size={size}
      closeButtonProps={{ 'aria-label': t('people.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          {failure !== null && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('people.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={submitDisabled}>
              {submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
