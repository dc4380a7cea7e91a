import { useStore } from 'jotai';
import { useEffect } from 'react';
import { loadMachinesAtom, machinesFetchedAtAtom } from '../machines/machinesAtom';

/**
 * After the first try, how long to wait before each further one when the network is back but the list call still
 * fails (the connection often comes up before the server can be reached); then the page waits for the next
 * `online` event.
 */
export const RELOAD_RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000] as const;

/**
 * How long the page leaves the first reload to the live stream, which reconnects at once when the network returns
 * and reloads the list on its `ready` (src/live/liveConnection.ts): one list call, not two.
 */
export const LIVE_CATCH_UP_MS = 1_500;

/**
 * When the network returns, fetches a fresh list by itself, without the blocking overlay: a few tries spaced
 * out, never a loop, and none while the device is offline again.
 */
export function useReloadWhenOnline(): void {
  const store = useStore();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (retry: number) => {
      const before = store.get(machinesFetchedAtAtom);
      void store.set(loadMachinesAtom, { not_blocking: true }).then(() => {
        const delay = RELOAD_RETRY_DELAYS_MS[retry];
        if (store.get(machinesFetchedAtAtom) !== before || !navigator.onLine || delay === undefined) return;
        timer = setTimeout(() => attempt(retry + 1), delay);
      });
    };
    const onOnline = () => {
      clearTimeout(timer);
      const before = store.get(machinesFetchedAtAtom);
      timer = setTimeout(() => {
        if (store.get(machinesFetchedAtAtom) === before) attempt(0);
      }, LIVE_CATCH_UP_MS);
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      clearTimeout(timer);
    };
  }, [store]);
}
