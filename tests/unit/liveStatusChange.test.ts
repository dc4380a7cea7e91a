import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { filteredMachinesAtom, statusGroupAtom } from '../../src/filters/filterAtoms';
import { resultMachines } from '../reference/referenceFilter';
import type { Machine } from '../../shared/machine';
import { machinesAtom, packedMachinesAtom, replaceMachineAtom } from '../../src/machines/machinesAtom';
import { markerAt, type MapProjection } from '../../src/map/markerHitTest';
import type { MarkerShape } from '../../src/map/markerShape';

const LNG = { a: 114.17, b: 114.18, c: 114.19, z: 114.2 } as const;
const m = (id: keyof typeof LNG, status: Machine['status']): Machine => ({
  id, coordinates: [22.3, LNG[id]], area: 'KOWLOON', district: 'KWUN TONG', status, under_maintenance: false,
  service_status: 0, name_en: id, name_zht: '', name_zhs: '', address_en: '', address_zht: '', address_zhs: '',
  service_hour_en: '', service_hour_zht: '', service_hour_zhs: '',
});

// 10 000 px per degree from (114, 22.3) at (0, 500); markers 24 px squares anchored at their bottom middle.
const MAP: MapProjection = {
  project: ([lng, lat]) => ({ x: (lng - 114) * 10_000, y: 500 + (22.3 - lat) * 10_000 }),
  unproject: ([x, y]) => ({ lng: 114 + x / 10_000, lat: 22.3 - (y - 500) / 10_000 }),
};
const BOX: MarkerShape = { width: 24, height: 24, anchorX: 12, anchorY: 24, masks: Array.from({ length: 4 }, () => new Uint8Array(24 * 24).fill(1)) };

describe('a live status change', () => {
  it('patches the packing, moves the machine out of the "available" filter, and puts the new machine under the pointer', () => {
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

    const overB = () => markerAt(store.get(packedMachinesAtom), store.get(filteredMachinesAtom).mask, BOX, MAP, { x: 1800, y: 490 }, 4);
    expect(store.get(machinesAtom)[overB()]).toMatchObject({ id: 'b', status: 'Full' });
    store.set(statusGroupAtom, 'available');
    expect(overB()).toBe(-1);
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
