import { useCallback, useState } from 'react';

/**
 * An act a console form starts (save, close, rename): busy while it runs, and what it failed with, kept until the next
 * try or `clear`. The form shows the failure through `useErrorText`.
 */
export function useConsoleAction() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const run = useCallback(async (act: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await act();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }, []);
  const clear = useCallback(() => setFailure(null), []);
  return { busy, failure, run, clear };
}
