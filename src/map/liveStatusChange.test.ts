import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { filteredMachinesAtom, statusGroupAtom } from '../filters/filterAtoms';
import { resultMachines } from '../../testkit/reference/referenceFilter';
import type { Machine } from '../../shared/machine';
import { machinesAtom, packedMachinesAtom, replaceMachineAtom } from '../machines/machinesAtom';
import { changedRows, createMachineLayer, machineRowsOf } from './machineLayer';
import { testMachine } from '../../tests/support/testMachine';

const LNG = { a: 114.17, b: 114.18, c: 114.19, z: 114.2 } as const;
const m = (id: keyof typeof LNG, status: Machine['status']): Machine =>
  testMachine(id, { status, coordinates: [22.3, LNG[id]] });

describe('a live status change', () => {
  it('patches the packing, moves the machine out of the "available" filter, and gives the map layer the new icon', () => {
    const store = createStore();
    store.set(machinesAtom, [m('a', '>40%'), m('b', '<=40%'), m('c', 'Full')]);
    store.set(statusGroupAtom, 'available');
    const before = store.get(packedMachinesAtom);
    expect(resultMachines(store.get(filteredMachinesAtom)).map((x) => x.id)).toEqual(['a', 'b']);

    store.set(replaceMachineAtom, m('b', 'Full'));
    const after = store.get(packedMachinesAtom);
    expect(after.changes).toEqual({ since: before.revision, rows: Uint32Array.of(1) });
    expect(after.positions).toBe(before.positions);
    expect(resultMachines(store.get(filteredMachinesAtom)).map((x) => x.id)).toEqual(['a']);
    store.set(statusGroupAtom, 'full');
    expect(resultMachines(store.get(filteredMachinesAtom)).map((x) => x.id)).toEqual(['b', 'c']);

    const layerOf = () =>
      createMachineLayer(store.get(machinesAtom), store.get(packedMachinesAtom), store.get(filteredMachinesAtom).mask);
    store.set(replaceMachineAtom, m('b', '<=40%'));
    const previous = layerOf();
    store.set(replaceMachineAtom, m('b', 'Full'));
    const layer = layerOf();
    const icon = layer.props.getIcon as (m: unknown, info: { index: number }) => string;
    expect(icon(undefined, { index: 1 })).toBe('full');
    const rows = machineRowsOf(layer);
    expect(rows.machines[1]).toMatchObject({ id: 'b', status: 'Full' });
    expect(changedRows(rows, machineRowsOf(previous))).toEqual([{ startRow: 1, endRow: 2 }]);
  });

  it('packs from scratch when the list is a new set of machines', () => {
    const store = createStore();
    store.set(machinesAtom, [m('a', '>40%')]);
    store.get(packedMachinesAtom);
    store.set(machinesAtom, [m('z', 'Full')]);
    expect(store.get(packedMachinesAtom).changes).toBeNull();
    expect(resultMachines(store.get(filteredMachinesAtom)).map((x) => x.id)).toEqual(['z']);
  });
});
