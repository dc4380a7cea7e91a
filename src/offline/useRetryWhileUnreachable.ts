import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { loadMachinesAtom } from '../machines/machinesAtom';
import { listUnreachableAtom } from './unreachableAtom';

/** How long to wait before each quiet retry while the server cannot be reached; the last one repeats. */
export const UNREACHABLE_RETRY_DELAYS_MS = [20_000, 20_000, 40_000, 60_000, 120_000] as const;

/**
 * While the page shows the kept list because the server could not be reached (no `online` event will come, the
 * device says it is online), tries the list call now and then, without the blocking overlay or a message, until a
 * fresh list arrives.
 */
export function useRetryWhileUnreachable(): void {
  const store = useStore();
  const unreachable = useAtomValue(listUnreachableAtom);
  useEffect(() => {
    if (!unreachable) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = (retry: number) => {
      const delay = UNREACHABLE_RETRY_DELAYS_MS[Math.min(retry, UNREACHABLE_RETRY_DELAYS_MS.length - 1)];
      timer = setTimeout(() => {
        void store.set(loadMachinesAtom, { not_blocking: true }).then(() => {
          if (store.get(listUnreachableAtom)) wait(retry + 1);
        });
      }, delay);
    };
    wait(0);
    return () => clearTimeout(timer);
  }, [store, unreachable]);
}
