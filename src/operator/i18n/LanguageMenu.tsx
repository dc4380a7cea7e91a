import { NativeSelect } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { LOCALES, type Locale } from '../../../shared/machine';
import { localeAtom } from '../../i18n/localeAtom';
import { isLocale } from '../../i18n/translate';
import { chooseLocaleAtom } from './chooseLocaleAtom';
import { useConsoleT } from './useConsoleT';

/** Each language's own name for itself, the same whichever language the page is in: no translation. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', zht: '繁體中文', zhs: '简体中文' };

/** The interface language, each named in its own language. */
export function LanguageMenu() {
  const t = useConsoleT();
  const locale = useAtomValue(localeAtom);
  const choose = useSetAtom(chooseLocaleAtom);
  return (
    <NativeSelect
      label={t('console.language')}
      size="xs"
      value={locale}
      onChange={(event) => {
        if (isLocale(event.currentTarget.value)) choose(event.currentTarget.value);
      }}
      data={LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
    />
  );
}
