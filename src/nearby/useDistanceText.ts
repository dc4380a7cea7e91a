import { useAtomValue } from 'jotai';
import { useT } from '../i18n/useT';
import type { Machine } from '../../shared/machine';
import { distanceMetres } from './distance';
import { formatDistance } from './formatDistance';
import { positionAtom } from './geolocationAtom';
import { sortingByDistanceAtom } from './sortAtoms';

/** "350 m" from the visitor to the machine while the list is sorted by distance, else null. */
export function useDistanceText(machine: Machine): string | null {
  const position = useAtomValue(positionAtom);
  const shown = useAtomValue(sortingByDistanceAtom);
  const t = useT();
  if (!shown || !position) return null;
  const distance = formatDistance(distanceMetres(position, machine.coordinates));
  return t(distance.key, distance.params);
}
