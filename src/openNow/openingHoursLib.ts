import type OpeningHours from 'opening_hours';

type OpeningHoursClass = typeof OpeningHours;

// The library's module once imported: like a static import, one per page, whatever the store.
let library: OpeningHoursClass | null = null;
let loading: Promise<OpeningHoursClass> | null = null;
const whenLoaded = new Set<() => void>();

/** The opening_hours library once loaded, else null. */
export const openingHoursLibrary = (): OpeningHoursClass | null => library;

/**
 * Loads the library (about 700 kB, mostly other countries' holiday tables) in its own chunk, so the
 * page's first load does not wait for it.
 */
export function loadOpeningHours(): Promise<OpeningHoursClass> {
  loading ??= import('opening_hours').then((module) => {
    library = module.default;
    for (const listener of whenLoaded) listener();
    return library;
  });
  return loading;
}

/** Calls `listener` once the library has loaded; returns the function that stops listening. */
export function onOpeningHoursLoaded(listener: () => void): () => void {
  whenLoaded.add(listener);
  return () => whenLoaded.delete(listener);
}
