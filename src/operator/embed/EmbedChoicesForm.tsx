import { Checkbox, NativeSelect, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { AREAS, DISTRICTS, DISTRICTS_BY_AREA, LOCALES, type Area, type District } from '../../../shared/machine';
import { FONT_SIZES_PX, type FontSize } from '../../config';
import { useT } from '../../i18n/useT';
import { KIOSK_FONT_SIZE } from '../../kiosk/kioskSettings';
import { STATUS_GROUPS, type StatusGroup } from '../../machines/statusGroups';
import { LANGUAGE_NAMES } from '../i18n/LanguageMenu';
import { useConsoleT } from '../i18n/useConsoleT';
import { DEFAULT_EMBED_CHOICES, hereProblem, type EmbedChoices } from './embedCode';

/** The builder's choices: language, text size, kiosk and its place, the filters the map's address can carry. */
export function EmbedChoicesForm({
  choices,
  onChange,
}: {
  choices: EmbedChoices;
  onChange: (choices: EmbedChoices) => void;
}) {
  const t = useConsoleT();
  const tPublic = useT();
  const set = (change: Partial<EmbedChoices>) => onChange({ ...choices, ...change });
  const districts: readonly District[] = choices.area ? DISTRICTS_BY_AREA[choices.area] : DISTRICTS;
  const problem = choices.kiosk ? hereProblem(choices.here) : null;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          label={t('embed.language')}
          value={choices.locale}
          onChange={(event) => set({ locale: event.currentTarget.value as EmbedChoices['locale'] })}
          data={LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))}
        />
        <NativeSelect
          label={t('embed.textSize')}
          value={choices.fontSize}
          onChange={(event) => set({ fontSize: event.currentTarget.value as FontSize })}
          data={(Object.keys(FONT_SIZES_PX) as FontSize[]).map((size) => ({
            value: size,
            label: t(`embed.size.${size}`),
          }))}
        />
      </SimpleGrid>
      <Switch
        label={t('embed.kiosk')}
        // The hint beside it, not in its name: Mantine's description sits inside the label.
        aria-describedby="embed-kiosk-hint"
        checked={choices.kiosk}
        onChange={(event) => {
          const kiosk = event.currentTarget.checked;
          set({ kiosk, fontSize: kiosk ? KIOSK_FONT_SIZE : DEFAULT_EMBED_CHOICES.fontSize });
        }}
      />
      <Text size="xs" c="dimmed" id="embed-kiosk-hint" mt={-8} ml={50}>
        {t('embed.kioskHint')}
      </Text>
      {choices.kiosk && (
        <TextInput
          label={t('embed.here')}
          description={t('embed.hereHint')}
          placeholder="22.2819,114.1581"
          value={choices.here}
          onChange={(event) => set({ here: event.currentTarget.value })}
          error={problem ? t('embed.hereInvalid') : undefined}
          autoComplete="off"
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NativeSelect
          label={t('embed.status')}
          value={choices.status ?? ''}
          onChange={(event) => set({ status: (event.currentTarget.value || null) as StatusGroup | null })}
          data={[
            { value: '', label: t('embed.allStatuses') },
            ...STATUS_GROUPS.map((group) => ({ value: group, label: tPublic(`statusGroup.${group}`) })),
          ]}
        />
        <NativeSelect
          label={t('embed.area')}
          value={choices.area ?? ''}
          onChange={(event) => set({ area: (event.currentTarget.value || null) as Area | null, district: null })}
          data={[
            { value: '', label: t('fleet.allAreas') },
            ...AREAS.map((area) => ({ value: area, label: tPublic(`area.${area}`) })),
          ]}
        />
        <NativeSelect
          label={t('embed.district')}
          value={choices.district ?? ''}
          onChange={(event) => set({ district: (event.currentTarget.value || null) as District | null })}
          data={[
            { value: '', label: t('fleet.allDistricts') },
            ...districts.map((district) => ({ value: district, label: tPublic(`district.${district}`) })),
          ]}
        />
      </SimpleGrid>
      <Checkbox
        label={t('embed.location')}
        description={t('embed.locationHint')}
        checked={choices.location}
        onChange={(event) => set({ location: event.currentTarget.checked })}
      />
    </Stack>
  );
}
