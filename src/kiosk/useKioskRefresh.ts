import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { loadMachinesAtom } from '../machines/machinesAtom';

/** Reloads machine data every `refreshMs`, not blocking, so the overlay never flashes; one call at a time. */
export function useKioskRefresh(refreshMs: number | null): void {
  const loadMachines = useSetAtom(loadMachinesAtom);
  useEffect(() => {
    if (refreshMs === null) return;
    let inFlight = false;
    const timer = setInterval(() => {
      // Offline, the call could only fail: the page reloads the list itself when the network returns.
      if (inFlight || !navigator.onLine) return;
      inFlight = true;
      void loadMachines({ not_blocking: true }).finally(() => {
        inFlight = false;
      });
    }, refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs, loadMachines]);
}
