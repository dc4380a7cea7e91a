import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { localeAtom } from './localeAtom';
import { translate, type TranslationKey, type TranslationParams } from './translate';

export type T = (key: TranslationKey, params?: TranslationParams) => string;

export function useT(): T {
  const locale = useAtomValue(localeAtom);
  return useCallback((key, params) => translate(locale, key, params), [locale]);
}
