import { Group, Loader, Text } from '@mantine/core';
import { useConsoleT } from './i18n/useConsoleT';

/** A spinner with its words, while a console page waits for its first answer. */
export function Loading() {
  const t = useConsoleT();
  return (
    <Group>
      <Loader size="sm" />
      <Text>{t('console.loading')}</Text>
    </Group>
  );
}
