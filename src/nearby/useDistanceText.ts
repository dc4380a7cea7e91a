import { useAtomValue } from 'jotai';
import { useT } from '../i18n/useT';
import type { Machine } from '../../shared/machine';
import { mayBeOpen } from '../openNow/openState';
import { distanceMetres } from './distance';
import { formatDistance } from './formatDistance';
import { kioskNowAtom } from './kioskNowAtom';
import { originAtom, sortingByDistanceAtom } from './sortAtoms';
import { walkingMinutes } from './walkingTime';

/**
 * "350 m" from the visitor to the machine while the list is sorted by distance, else null; at a kiosk that knows
 * where it stands, "350 m · 6 min walk", and "· Closed now" after a machine that is: its list puts the machines
 * open now first, so a closed one near by comes after open ones further off.
 */
export function useDistanceText(machine: Machine): string | null {
  const origin = useAtomValue(originAtom);
  const shown = useAtomValue(sortingByDistanceAtom);
  const kioskNow = useAtomValue(kioskNowAtom);
  const t = useT();
  if (!shown || !origin) return null;
  const metres = distanceMetres(origin, machine.coordinates);
  const distance = formatDistance(metres);
  const text = t(distance.key, distance.params);
  if (kioskNow === null) return text;
  const walk = `${text} · ${t('nearby.walk', { count: walkingMinutes(metres) })}`;
  return mayBeOpen(machine, kioskNow) ? walk : `${walk} · ${t('nearby.closedNow')}`;
}
