import { Button, CopyButton, Group, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { useConsoleT } from '../i18n/useConsoleT';

/** How long the button says "Copied": long enough to read, and for a screen reader to say it. */
const COPIED_SHOWN_MS = 5_000;

/** A piece of code to paste elsewhere, read-only, with a copy button whose "Copied" a screen reader hears too. */
export function CopyCode({ label, copyLabel, value }: { label: string; copyLabel: string; value: string }) {
  const t = useConsoleT();
  return (
    <CopyButton value={value} timeout={COPIED_SHOWN_MS}>
      {({ copied, copy }) => (
        <Stack gap={4}>
          <Textarea
            label={label}
            value={value}
            readOnly
            autosize
            minRows={3}
            maxRows={14}
            spellCheck={false}
            styles={{ input: { fontFamily: 'monospace', fontSize: '0.8rem', whiteSpace: 'pre' } }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Group gap="sm">
            <Button variant={copied ? 'light' : 'filled'} onClick={copy} aria-label={copied ? undefined : copyLabel}>
              {copied ? t('embed.copied') : t('embed.copy')}
            </Button>
            <VisuallyHidden role="status">{copied ? t('embed.copiedSaid', { name: label }) : ''}</VisuallyHidden>
            {copied && (
              <Text size="sm" c="dimmed" aria-hidden>
                {t('embed.pasteHint')}
              </Text>
            )}
          </Group>
        </Stack>
      )}
    </CopyButton>
  );
}
