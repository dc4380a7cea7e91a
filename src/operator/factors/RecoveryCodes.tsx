import { Alert, Button, CopyButton, Stack, Text, Textarea } from '@mantine/core';
import { useConsoleT } from '../i18n/useConsoleT';

/** Ten recovery codes, shown this once: the person copies or writes them down before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const t = useConsoleT();
  return (
    <Stack gap="sm">
      <Alert color="yellow" title={t('security.codesTitle')}>
        {t('security.codesIntro')}
      </Alert>
      <Textarea
        readOnly
        label={t('security.codesTitle')}
        value={codes.join('\n')}
        autosize
        minRows={codes.length}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <CopyButton value={codes.join('\n')}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy}>
            {copied ? t('security.copied') : t('security.copyCodes')}
          </Button>
        )}
      </CopyButton>
      <Text size="sm">{t('security.codesKept')}</Text>
      <Button onClick={onDone}>{t('security.codesDone')}</Button>
    </Stack>
  );
}
