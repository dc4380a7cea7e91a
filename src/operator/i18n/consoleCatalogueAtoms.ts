import { atom } from 'jotai';
import type { Locale } from '../../../shared/machine';
import type { ConsoleCatalogues } from './consoleMessages';
import { loadConsoleCatalogue } from './loadConsoleCatalogue';

/** The console's catalogues loaded so far, by language. */
export const consoleCataloguesAtom = atom<ConsoleCatalogues>({});
consoleCataloguesAtom.debugLabel = 'consoleCatalogues';

/** Loads English (the fallback) and `locale`, each once per store; rejects when a download fails. */
export const loadConsoleCataloguesAtom = atom(null, async (get, set, locale: Locale) => {
  const wanted = [...new Set<Locale>(['en', locale])].filter((l) => !get(consoleCataloguesAtom)[l]);
  const loaded = await Promise.all(wanted.map(async (l) => [l, await loadConsoleCatalogue(l)] as const));
  if (loaded.length > 0) set(consoleCataloguesAtom, (current) => ({ ...current, ...Object.fromEntries(loaded) }));
});
