import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { feedMachinesAtom, machinesFetchedAtAtom } from '../machines/machinesAtom';
import { keepLastList } from './lastList';

/** After each successful list call, keeps that list on the device for a visit without a network. */
export function useKeepLastList(): void {
  const fetchedAt = useAtomValue(machinesFetchedAtAtom);
  const store = useStore();
  useEffect(() => {
    if (fetchedAt === null) return;
    void keepLastList({ fetchedAt, machines: store.get(feedMachinesAtom) });
  }, [fetchedAt, store]);
}
