import { useAtomValue } from 'jotai';
import { useT } from '../i18n/useT';
import type { Machine } from '../../shared/machine';
import { distanceMetres } from './distance';
import { formatDistance } from './formatDistance';
import { sortingByDistanceAtom } from './sortAtoms';
import { positionAtom } from './geolocationAtom';
import classes from './MachineDistance.module.css';

/** "350 m ·" from the visitor to the machine, before its address while the list is sorted by distance. */
export function MachineDistance({ machine }: { machine: Machine }) {
  const position = useAtomValue(positionAtom);
  const shown = useAtomValue(sortingByDistanceAtom);
  const t = useT();
  if (!shown || !position) return null;
  const text = formatDistance(distanceMetres(position, machine.coordinates));
  return <span className={classes.distance}>{t(text.key, text.params)}</span>;
}
