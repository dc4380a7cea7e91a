import { useCallback, useEffect, useState } from 'react';

/** One page of a list the server hands out newest first: its items, and the key of the next page (null: no more). */
export interface ListPage<T> {
  items: T[];
  next: string | null;
}

/**
 * A list read a page at a time: the first page at once (again whenever `fetchPage` changes, a filter with it), the
 * next appended on `more`; `busy` while a page is on its way, the last failure or null.
 */
export function usePagedList<T>(fetchPage: (before: string | null) => Promise<ListPage<T>>) {
  const [items, setItems] = useState<T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const load = useCallback(
    async (before: string | null) => {
      setBusy(true);
      setFailure(null);
      try {
        const page = await fetchPage(before);
        setItems((shown) => (before === null ? page.items : [...(shown ?? []), ...page.items]));
        setNext(page.next);
      } catch (error) {
        setFailure(error);
      } finally {
        setBusy(false);
      }
    },
    [fetchPage],
  );
  useEffect(() => void load(null), [load]);
  const more = useCallback(() => (next === null ? Promise.resolve() : load(next)), [load, next]);
  return { items, next, busy, failure, more };
}
