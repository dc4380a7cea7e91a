import { showsAsMaintenance } from '../machines/displayState';
import type { Machine, Status } from '../../shared/machine';
import { mayBeOpen } from '../openNow/openState';

/**
 * Statuses a visitor should not set off to. '<=5%' is left out with Full: a few per cent of a
 * machine's bin is a handful of bottles, likely gone before someone walking there arrives.
 */
const NO_ROOM: readonly Status[] = ['Full', '<=5%'];

/** In service, with a status to trust, and room for bottles. */
export function hasRoom(machine: Machine): boolean {
  return !showsAsMaintenance(machine) && machine.status !== null && !NO_ROOM.includes(machine.status);
}

/** Open now (or without structured hours), in service, with room: somewhere worth walking to. */
export function takesBottlesNow(machine: Machine, now: Date): boolean {
  return hasRoom(machine) && mayBeOpen(machine, now);
}

/** The machine nearest to `from` that takes bottles now, or null. */
export function nearestTakingBottles(
  machines: readonly Machine[],
  from: readonly [number, number],
  now: Date,
  distance: (a: readonly [number, number], b: readonly [number, number]) => number,
): Machine | null {
  let best: Machine | null = null;
  let bestMetres = Infinity;
  for (const machine of machines) {
    const metres = distance(from, machine.coordinates);
    if (metres < bestMetres && takesBottlesNow(machine, now)) {
      best = machine;
      bestMetres = metres;
    }
  }
  return best;
}
