import { useCallback, useEffect, useState } from 'react';

/** A list an admin page loads, and loads again after each change. */
export function useAdminList<T>(load: () => Promise<T[]>) {
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
