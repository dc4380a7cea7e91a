import type { Locale } from '../../../shared/machine';
import type { ConsoleCatalogue } from './consoleMessages';

// One chunk per language, downloaded with the console: no console text is in the visitor's catalogue.
const LOADERS: Record<Locale, () => Promise<{ default: ConsoleCatalogue }>> = {
  en: () => import('./locales/en.json'),
  zht: () => import('./locales/zht.json'),
  zhs: () => import('./locales/zhs.json'),
};

export const loadConsoleCatalogue = (locale: Locale): Promise<ConsoleCatalogue> =>
  LOADERS[locale]().then((module) => module.default);
