import { describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/machine';
import { loadedFeed, replaceMachine } from './feedList';
import { idRows, machineLookup, rowRange } from './machineRows';

const m = (id: string, status: Machine['status'] = '>40%') => ({ id, status }) as Machine;

describe('machines by id', () => {
  const list = [m('a'), m('b'), m('c')];

  it('finds each machine’s row, and nothing for an unknown id', () => {
    const lookup = machineLookup(list, idRows(list));
    expect(lookup.get('b')).toBe(list[1]);
    expect(lookup.has('c')).toBe(true);
    expect(lookup.get('z')).toBeUndefined();
    expect(lookup.has('z')).toBe(false);
  });

  it('shares the id map across live changes, and finds the replaced machine as it now is', () => {
    const feed = loadedFeed(list);
    const once = replaceMachine(feed, m('b', 'Full'));
    const twice = replaceMachine(once, m('c', 'Full'));
    expect(twice.rows).toBe(feed.rows);
    expect(machineLookup(twice.machines, twice.rows).get('b')).toBe(once.machines[1]);
    expect(machineLookup(twice.machines, twice.rows).get('b')?.status).toBe('Full');
    expect(machineLookup(feed.machines, feed.rows).get('b')?.status).toBe('>40%');
  });

  it('builds a new map for a loaded list', () => {
    expect(loadedFeed([...list]).rows).not.toBe(loadedFeed(list).rows);
    expect(Array.from(rowRange(3))).toEqual([0, 1, 2]);
  });
});
