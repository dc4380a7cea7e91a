import { atom } from 'jotai';
import type { Locale } from '../../shared/machine';
import { DEFAULT_LOCALE } from './translate';

export const localeAtom = atom<Locale>(DEFAULT_LOCALE);
localeAtom.debugLabel = 'locale';
