import { Alert, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useConsoleT } from '../i18n/useConsoleT';
import { sessionAtom } from '../session/sessionAtoms';
import { EmbedBuilder } from './EmbedBuilder';
import { EmbedOriginsSection } from './EmbedOriginsSection';

/** Embedding the map in another site: the code builder with its preview, and the host origins allowed (admins). */
export function EmbedPage() {
  const t = useConsoleT();
  const session = useAtomValue(sessionAtom);
  if (session?.role !== 'admin') return <Alert color="yellow">{t('people.adminsOnly')}</Alert>;
  return (
    <Stack gap="md">
      <Title order={2}>{t('embed.title')}</Title>
      <Text c="dimmed">{t('embed.intro')}</Text>
      <EmbedOriginsSection />
      <EmbedBuilder />
    </Stack>
  );
}
