import { describe, expect, it } from 'vitest';
import { noteReplacedRows } from './listEdits';
import { replaceMachine } from './replaceMachine';
import type { Machine } from '../../shared/machine';
import { machineLookup, machineRows } from './machineRows';

const m = (id: string, status: Machine['status'] = '>40%') => ({ id, status }) as Machine;

describe('machines by id', () => {
  const list = [m('a'), m('b'), m('c')];

  it('finds each machine’s row, and nothing for an unknown id', () => {
    const lookup = machineLookup(list);
    expect(lookup.get('b')).toBe(list[1]);
    expect(lookup.has('c')).toBe(true);
    expect(lookup.get('z')).toBeUndefined();
    expect(lookup.has('z')).toBe(false);
    expect(machineRows(list)).toBe(machineRows(list));
  });

  it('shares the id map across live changes, and finds the replaced machine as it now is', () => {
    const once = replaceMachine(list, m('b', 'Full'));
    const twice = replaceMachine(once, m('c', 'Full'));
    expect(machineRows(twice)).toBe(machineRows(list));
    expect(machineLookup(twice).get('b')).toBe(once[1]);
    expect(machineLookup(twice).get('b')?.status).toBe('Full');
    expect(machineLookup(list).get('b')?.status).toBe('>40%');
  });

  it('builds a new map when a replaced row holds another id, or for an unrelated list', () => {
    machineRows(list);
    const swapped = [list[0]!, m('x'), list[2]!];
    noteReplacedRows(swapped, list, [1]);
    expect(machineRows(swapped)).not.toBe(machineRows(list));
    expect(machineLookup(swapped).get('x')).toBe(swapped[1]);
    expect(machineLookup(swapped).has('b')).toBe(false);
    expect(machineRows([...list])).not.toBe(machineRows(list));
  });
});
