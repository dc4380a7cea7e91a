import { useCallback, useState } from 'react';

interface ConsoleAction<F> {
  busy: boolean;
  failure: F | null;
  run: (act: () => Promise<void>) => Promise<void>;
  clear: () => void;
}

/**
 * An act a console form starts (save, close, rename): busy while it runs, and what it failed with, kept until the next
 * try or `clear`. The form shows the failure through `useErrorText`, or `describe` puts it in words when it happens
 * (a lock's end is a time from now: said once, not again at each render).
 */
export function useConsoleAction(): ConsoleAction<unknown>;
export function useConsoleAction<F>(describe: (error: unknown) => F): ConsoleAction<F>;
export function useConsoleAction(describe?: (error: unknown) => unknown): ConsoleAction<unknown> {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const run = useCallback(
    async (act: () => Promise<void>) => {
      setBusy(true);
      setFailure(null);
      try {
        await act();
      } catch (error) {
        setFailure(describe ? describe(error) : error);
      } finally {
        setBusy(false);
      }
    },
    [describe],
  );
  const clear = useCallback(() => setFailure(null), []);
  return { busy, failure, run, clear };
}
