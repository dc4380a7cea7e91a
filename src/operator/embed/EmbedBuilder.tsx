import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { translateDynamic } from '../../i18n/translate';
import { useConsoleT } from '../i18n/useConsoleT';
import { CopyCode } from './CopyCode';
import { EmbedChoicesForm } from './EmbedChoicesForm';
import { DEFAULT_EMBED_CHOICES, EMBED_SANDBOX, embedUrl, hostScript, iframeCode, type EmbedChoices } from './embedCode';

/** How long the preview waits after a change before it loads the map again (a map load is seconds of CPU). */
const PREVIEW_DEBOUNCE_MS = 400;

/** The embed builder: choices, a live preview of the map as the host will show it, and the code to copy. */
export function EmbedBuilder() {
  const t = useConsoleT();
  const [choices, setChoices] = useState<EmbedChoices>(DEFAULT_EMBED_CHOICES);
  const mapOrigin = window.location.origin;
  const [previewUrl] = useDebouncedValue(embedUrl(mapOrigin, choices), PREVIEW_DEBOUNCE_MS);
  const title = translateDynamic(choices.locale, 'app.title') ?? '';
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="embed-builder-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="embed-builder-title">
          {t('embed.builderTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <EmbedChoicesForm choices={choices} onChange={setChoices} />
          <Stack gap={4}>
            <Text fw={600} id="embed-preview-label">
              {t('embed.preview')}
            </Text>
            <iframe
              key={previewUrl}
              src={previewUrl}
              title={t('embed.previewFrame')}
              sandbox={EMBED_SANDBOX}
              allow={choices.location ? 'geolocation' : undefined}
              style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-gray-4)' }}
            />
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {previewUrl}
            </Text>
          </Stack>
        </SimpleGrid>
        <CopyCode
          label={t('embed.iframeCode')}
          copyLabel={t('embed.copyIframe')}
          value={iframeCode(mapOrigin, choices, title)}
        />
        <CopyCode
          label={t('embed.hostScript')}
          copyLabel={t('embed.copyScript')}
          value={hostScript(mapOrigin, choices)}
        />
        <Text size="sm">{t('embed.hostScriptHint')}</Text>
      </Stack>
    </Paper>
  );
}
