import type { Locale } from '../../../shared/machine';
import en from './locales/en.json';
import zhs from './locales/zhs.json';
import zht from './locales/zht.json';

/** The report form's own texts: in its lazy chunk, not in the locale files every visitor downloads (issue 68 point 7). */
export type ReportTextKey = keyof typeof en;
const TEXTS: Record<Locale, Record<ReportTextKey, string>> = { en, zht, zhs };

export const reportText = (locale: Locale, key: ReportTextKey): string => TEXTS[locale][key];
