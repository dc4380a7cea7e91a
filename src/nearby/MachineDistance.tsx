import { useAtomValue } from 'jotai';
import { useT } from '../i18n/useT';
import type { Machine } from '../machines/machine';
import { distanceMetres } from './distance';
import { formatDistance } from './formatDistance';
import { sortingByDistanceAtom } from './sortAtoms';
import { positionAtom } from './geolocationAtom';

/** "350 m" from the visitor to the machine, while the list is sorted by distance. */
export function MachineDistance({ machine, className }: { machine: Machine; className?: string }) {
  const position = useAtomValue(positionAtom);
  const shown = useAtomValue(sortingByDistanceAtom);
  const t = useT();
  if (!shown || !position) return null;
  const text = formatDistance(distanceMetres(position, machine.coordinates));
  return <span className={className}>{t(text.key, text.params)}</span>;
}
