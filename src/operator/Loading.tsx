import { Group, Loader, Text } from '@mantine/core';
import { useConsoleT } from './i18n/useConsoleT';

/** A spinner with its words ("Loading…" unless given), while a console page waits for its first answer. */
export function Loading({ text }: { text?: string | undefined }) {
  const t = useConsoleT();
  return (
    <Group>
      <Loader size="sm" />
      <Text>{text ?? t('console.loading')}</Text>
    </Group>
  );
}
