import { useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { loadMachinesAtom } from '../machines/machinesAtom';
import { listUnreachableAtom } from '../offline/unreachableAtom';

/** Reloads machine data every `refreshMs`, not blocking, so the overlay never flashes; one call at a time. */
export function useKioskRefresh(refreshMs: number | null): void {
  const loadMachines = useSetAtom(loadMachinesAtom);
  const store = useStore();
  useEffect(() => {
    if (refreshMs === null) return;
    let inFlight = false;
    const timer = setInterval(() => {
      // Offline, or with the server out of reach, the call could only fail: the page reloads the list itself when
      // the network or the server returns (src/offline).
      if (inFlight || !navigator.onLine || store.get(listUnreachableAtom)) return;
      inFlight = true;
      void loadMachines({ not_blocking: true }).finally(() => {
        inFlight = false;
      });
    }, refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs, loadMachines, store]);
}
