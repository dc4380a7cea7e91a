import { atom } from 'jotai';
import type { Locale } from '../../shared/machine';

export const DEFAULT_LOCALE: Locale = 'en';

export const localeAtom = atom<Locale>(DEFAULT_LOCALE);
localeAtom.debugLabel = 'locale';
