import { useAtomValue } from 'jotai';
import { useT } from '../i18n/useT';
import type { Machine } from '../../shared/machine';
import { kioskHereAtom } from '../kiosk/kioskAtom';
import { distanceMetres } from './distance';
import { formatDistance } from './formatDistance';
import { originAtom, sortingByDistanceAtom } from './sortAtoms';
import { walkingMinutes } from './walkingTime';

/**
 * "350 m" from the visitor to the machine while the list is sorted by distance, else null; at a kiosk that knows
 * where it stands, "350 m · 6 min walk".
 */
export function useDistanceText(machine: Machine): string | null {
  const origin = useAtomValue(originAtom);
  const shown = useAtomValue(sortingByDistanceAtom);
  const atKiosk = useAtomValue(kioskHereAtom) !== null;
  const t = useT();
  if (!shown || !origin) return null;
  const metres = distanceMetres(origin, machine.coordinates);
  const distance = formatDistance(metres);
  const text = t(distance.key, distance.params);
  return atKiosk ? `${text} · ${t('nearby.walk', { count: walkingMinutes(metres) })}` : text;
}
