import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { MAP_REFIT_DEBOUNCE_MS } from '../config';
import { areaAtom, districtAtom, searchInputAtom, searchQueryAtom, statusGroupAtom } from '../filters/filterAtoms';
import { machineByIdAtom, machinesLoadStateAtom } from '../machines/machinesAtom';
import { mapLoadedAtom } from '../map/mapViewAtom';
import { sortOrderAtom } from '../nearby/sortAtoms';
import { openNowOnlyAtom } from '../openNow/openNowAtoms';
import { requestFocusAtom, selectedMachineIdAtom } from '../selection/selectionAtoms';
import { decodeUrlState, encodeUrlState, type UrlState } from './urlState';

/** Address bar updates wait for a pause, so typing in the search box does not write on each key. */
const URL_WRITE_DEBOUNCE_MS = 300;
/** The shared machine is focused after the map's first fit to the results, which would move the view away. */
const MACHINE_RESTORE_DELAY_MS = 2 * MAP_REFIT_DEBOUNCE_MS;

/** The machine a shared link names, until its card opens; `requested` once the map was asked to open it. */
interface SharedMachine {
  id: string;
  requested: boolean;
}

/**
 * Keeps the view in the address bar: the selected machine, filters, search, 'open now' and the sort
 * order are read once on load and written back with `history.replaceState`, never adding history entries.
 */
export function useUrlStateSync(): void {
  const store = useStore();
  // State, not a ref: the address is rendered from it, and a ref's change let React bail out of a render, so the
  // address first rendered without the machine was written once the card opened (issue 51).
  const [shared, setShared] = useState<SharedMachine | null>(() => {
    const id = decodeUrlState(window.location.search).machine;
    return id === null ? null : { id, requested: false };
  });
  const restored = useRef(false);

  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const state = decodeUrlState(window.location.search);
    store.set(statusGroupAtom, state.status);
    store.set(areaAtom, state.area);
    store.set(districtAtom, state.district);
    store.set(searchInputAtom, state.q);
    store.set(searchQueryAtom, state.q);
    store.set(openNowOnlyAtom, state.openNow);
    store.set(sortOrderAtom, state.sort);
  }, [store]);

  const selected = useAtomValue(selectedMachineIdAtom);
  useRestoreMachine(shared, setShared);
  // Once a card is open, the address follows the selection alone.
  useEffect(() => {
    if (selected !== null) setShared(null);
  }, [selected]);

  const current: UrlState = {
    machine: selected ?? shared?.id ?? null,
    status: useAtomValue(statusGroupAtom),
    area: useAtomValue(areaAtom),
    district: useAtomValue(districtAtom),
    q: useAtomValue(searchQueryAtom),
    openNow: useAtomValue(openNowOnlyAtom),
    sort: useAtomValue(sortOrderAtom),
  };
  const encoded = encodeUrlState(window.location.search, current);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (encoded === window.location.search) return;
      const { pathname, hash } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${encoded}${hash}`);
    }, URL_WRITE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [encoded]);
}

/** Opens the shared machine once the machines and the map are there; an id not in the list is dropped. */
function useRestoreMachine(shared: SharedMachine | null, setShared: (shared: SharedMachine | null) => void): void {
  const loadState = useAtomValue(machinesLoadStateAtom);
  const machines = useAtomValue(machineByIdAtom);
  const mapLoaded = useAtomValue(mapLoadedAtom);
  const requestFocus = useSetAtom(requestFocusAtom);
  useEffect(() => {
    if (shared === null || shared.requested || loadState === 'loading' || loadState === 'idle') return;
    if (!machines.has(shared.id)) {
      setShared(null);
      return;
    }
    if (!mapLoaded) return;
    const timer = setTimeout(() => {
      setShared({ id: shared.id, requested: true });
      requestFocus(shared.id);
    }, MACHINE_RESTORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [shared, loadState, machines, mapLoaded, requestFocus, setShared]);
}
