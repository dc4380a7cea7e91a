import classes from './MachineDistance.module.css';

/** "350 m ·" before a machine's address while the list is sorted by distance (useDistanceText). */
export function MachineDistance({ text }: { text: string | null }) {
  return text === null ? null : <span className={classes.distance}>{text}</span>;
}
