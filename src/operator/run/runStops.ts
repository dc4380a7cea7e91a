import type { ServiceEpisode } from '../../../shared/contract/service';
import type { Machine } from '../../../shared/machine';
import { distanceMetres } from '../../nearby/distance';

/** A machine a crew should empty: its fill, its clock against the promise, how far it is. */
export interface RunStop {
  machine: Machine;
  kind: 'full' | 'nearlyFull';
  /** Negative: late by. */
  minutesLeft: number;
  /** From the phone's position; null when it is not known. */
  metres: number | null;
}

/**
 * The full and nearly full machines of the open episodes, one stop each (a full machine by its full episode's
 * clock), least time left first, then the nearest. Machines no longer reading full or nearly full are left out.
 */
export function runStops(
  episodes: readonly ServiceEpisode[],
  machines: readonly Machine[],
  origin: readonly [number, number] | null,
): RunStop[] {
  const byId = new Map(machines.map((machine) => [machine.id, machine]));
  const stops = new Map<string, RunStop>();
  for (const episode of episodes) {
    if ((episode.kind !== 'full' && episode.kind !== 'nearlyFull') || episode.minutesLeft === null) continue;
    const machine = byId.get(episode.machineId);
    if (!machine || (machine.status !== 'Full' && machine.status !== '<=5%')) continue;
    const known = stops.get(machine.id);
    if (known?.kind === 'full') continue;
    if (known && episode.kind !== 'full') continue;
    stops.set(machine.id, {
      machine,
      kind: episode.kind,
      minutesLeft: episode.minutesLeft,
      metres: origin ? distanceMetres(origin, machine.coordinates) : null,
    });
  }
  return [...stops.values()].sort(
    (a, b) =>
      a.minutesLeft - b.minutesLeft || (a.metres ?? 0) - (b.metres ?? 0) || a.machine.id.localeCompare(b.machine.id),
  );
}
