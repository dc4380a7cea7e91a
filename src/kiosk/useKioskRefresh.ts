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
      if (inFlight) return;
      inFlight = true;
      void loadMachines({ not_blocking: true }).finally(() => {
        inFlight = false;
      });
    }, refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs, loadMachines]);
}
