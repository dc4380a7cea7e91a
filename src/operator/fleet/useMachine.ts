import { useAtomValue } from 'jotai';
import type { Machine } from '../../../shared/machine';
import { fleetAtom } from './fleetAtoms';

/** The machine of this id as the fleet has it now (live), undefined when the person may not see it, null before the fleet loads. */
export function useMachine(id: string): Machine | null | undefined {
  const fleet = useAtomValue(fleetAtom);
  if (!fleet) return null;
  const index = fleet.byId.get(id);
  return index === undefined ? undefined : fleet.rows[index]?.machine;
}
