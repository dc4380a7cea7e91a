import type { TranslationKey, TranslationParams } from '../i18n/translate';

/** A distance as a translation key and number: "350 m" to the nearest 10 m, "2.4 km" to 100 m, "35 km". */
export function formatDistance(metres: number): { key: TranslationKey; params: TranslationParams } {
  const tens = Math.round(metres / 10) * 10;
  if (tens < 1000) return { key: 'nearby.metres', params: { count: tens } };
  const km = metres / 1000;
  return { key: 'nearby.kilometres', params: { count: km < 10 ? km.toFixed(1) : String(Math.round(km)) } };
}
