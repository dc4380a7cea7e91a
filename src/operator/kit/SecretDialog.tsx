import { Alert, Button, CopyButton, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useConsoleT } from '../i18n/useConsoleT';

/**
 * A secret the server answers once (a one-time password, a token): shown in full, with a copy button and the warning
 * that it will not be shown again. Closing it is the admin saying they have kept it.
 */
export function SecretDialog({
  title,
  label,
  warning,
  value,
  onClose,
}: {
  title: string;
  label: string;
  warning: string;
  value: string | null;
  onClose: () => void;
}) {
  const t = useConsoleT();
  return (
    <Modal
      opened={value !== null}
      onClose={onClose}
      title={title}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('people.close') }}
    >
      <Stack gap="md">
        <Alert color="yellow" title={t('people.onlyOnce')}>
          {warning}
        </Alert>
        <Textarea
          label={label}
          value={value ?? ''}
          readOnly
          autosize
          minRows={1}
          styles={{ input: { fontFamily: 'monospace', wordBreak: 'break-all' } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group justify="space-between">
          <CopyButton value={value ?? ''}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'light' : 'filled'} onClick={copy}>
                {copied ? t('people.copied') : t('people.copy')}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            {t('people.kept')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
