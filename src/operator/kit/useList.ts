import { useCallback, useEffect, useState } from 'react';

/** A list a page reads at once and again on request (after a change, on "Try again"); its last failure, or null. */
export function useList<T>(load: () => Promise<T[]>) {
  const [items, setItems] = useState<T[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const reload = useCallback(async () => {
    setFailure(null);
    try {
      setItems(await load());
    } catch (error) {
      setFailure(error);
    }
  }, [load]);
  useEffect(() => void reload(), [reload]);
  return { items, failure, reload };
}
