import type { Locale } from '../../shared/machine';

// The CJK faces are large @font-face sets: load their CSS only when a Chinese interface needs it.
const LOADERS: Partial<Record<Locale, () => Promise<unknown>>> = {
  zht: () => import('@fontsource-variable/noto-sans-tc'),
  zhs: () => import('@fontsource-variable/noto-sans-sc'),
};

export function loadLocaleFont(locale: Locale): void {
  LOADERS[locale]?.().catch((error: unknown) => console.warn('[rvm] could not load the CJK font', error));
}
