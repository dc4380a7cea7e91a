import { Code, Stack, Text, TextInput } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { HONG_KONG_TIME_ZONE } from '../../config';
import { DATE_LOCALE } from '../../freshness/formatFreshness';
import { localeAtom } from '../../i18n/localeAtom';
import { useConsoleT } from '../i18n/useConsoleT';
import type { HoursCheck } from './openingHoursCheck';

/**
 * The structured hours (OpenStreetMap's opening_hours), checked as typed: where the text cannot be read, or when
 * the machine next opens and closes on Hong Kong's clock.
 */
export function OpeningHoursField({
  value,
  check,
  error,
  disabled,
  onChange,
}: {
  value: string;
  check: HoursCheck | null;
  error: string | null;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const t = useConsoleT();
  const locale = useAtomValue(localeAtom);
  const format = useMemo(
    () =>
      new Intl.DateTimeFormat(DATE_LOCALE[locale], {
        timeZone: HONG_KONG_TIME_ZONE,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
    [locale],
  );
  return (
    <Stack gap={4}>
      <TextInput
        label={t('machine.openingHours')}
        description={t('machine.openingHoursHelp')}
        value={value}
        disabled={disabled}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <div aria-live="polite">
        {check === null && value.trim() !== '' && <Text size="sm">{t('machine.openingHoursLoading')}</Text>}
        {check?.kind === 'invalid' && check.detail && (
          <Text size="sm" c="dimmed">
            {t('machine.hoursDetail')} <Code>{check.detail}</Code>
          </Text>
        )}
        {check?.kind === 'valid' && (
          <Text size="sm">
            {check.openNow ? t('machine.openNowUntil') : t('machine.closedNow')}{' '}
            {check.nextOpening === null && check.nextClosing === null
              ? check.openNow
                ? t('machine.alwaysOpen')
                : t('machine.neverOpen')
              : nextChanges(check)
                  .map(([key, at]) => t(key, { time: format.format(at) }))
                  .join(' · ')}
          </Text>
        )}
      </div>
    </Stack>
  );
}

/** The next change first: the closing while open, the opening while closed. */
function nextChanges(
  check: Extract<HoursCheck, { kind: 'valid' }>,
): (readonly ['machine.nextOpening' | 'machine.nextClosing', Date])[] {
  const opening = check.nextOpening ? [['machine.nextOpening', check.nextOpening] as const] : [];
  const closing = check.nextClosing ? [['machine.nextClosing', check.nextClosing] as const] : [];
  return check.openNow ? [...closing, ...opening] : [...opening, ...closing];
}
