import { describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/machine';
import { testMachine } from '../../tests/support/testMachine';
import type { FilterResult } from '../filters/filterResult';
import { nearestFirst } from './nearestFirst';

const HERE: [number, number] = [22.3, 114.17];
/** A machine `n` hundred metres north of HERE (a thousandth of a degree of latitude is 111 m). */
const north = (id: string, hundreds: number, over: Partial<Machine> = {}) =>
  testMachine(id, { coordinates: [22.3 + hundreds * 0.0009, 114.17], ...over });

const machines = [
  north('far-open', 9),
  north('near-full', 1, { status: 'Full' }),
  north('near-closed', 2),
  north('mid-open', 5),
  north('nearest-maintenance', 0.5, { under_maintenance: true }),
  north('almost-full', 3, { status: '<=5%' }),
  north('stale', 4, { stale: true }),
  north('hidden', 0.1),
];
// Everything shown but 'hidden'; 'near-closed' is closed now by its hours.
const result: FilterResult = {
  machines,
  indices: Uint32Array.from([0, 1, 2, 3, 4, 5, 6]),
  count: 7,
  mask: new Float32Array(machines.length),
};
const OPEN = Uint8Array.from([1, 1, 0, 1, 1, 1, 1, 1]);
const ids = (r: FilterResult) => [...r.indices].map((i) => machines[i]!.id);

describe('nearestFirst', () => {
  it('orders every shown machine by distance', () => {
    expect(ids(nearestFirst(result, HERE))).toEqual([
      'nearest-maintenance',
      'near-full',
      'near-closed',
      'almost-full',
      'stale',
      'mid-open',
      'far-open',
    ]);
  });

  it('at a kiosk, puts the open machines with room first, nearest first, then the others by distance', () => {
    const sorted = nearestFirst(result, HERE, OPEN);
    expect(ids(sorted)).toEqual([
      'mid-open',
      'far-open',
      'nearest-maintenance',
      'near-full',
      'near-closed',
      'almost-full',
      'stale',
    ]);
    expect(sorted.count).toBe(7);
    // The filter's own result is left as it was: the map reads it.
    expect(ids(result)).toEqual(machines.slice(0, 7).map((m) => m.id));
  });
});
