import { IconLayer } from '@deck.gl/layers';
import { describe, expect, it } from 'vitest';
import { filterPacked, type CodeCriteria } from '../filters/filterResult';
import { packMachines, type PackedMachines } from '../machines/packedMachines';
import { repackMachines } from '../machines/repackMachines';
import type { Machine } from '../../shared/machine';
import type { PickingInfo } from '@deck.gl/core';
import {
  changedRows,
  createMachineLayer,
  MACHINE_LAYER_ID,
  machineRowsOf,
  pickedMachine,
  type MachineLayer,
} from './machineLayer';
import { testMachine } from '../../tests/support/testMachine';

const machine = (id: string, status: Machine['status'], lat: number): Machine =>
  testMachine(id, { status, coordinates: [lat, 114.1] });

const machines = [machine('a', '>40%', 22.31), machine('b', 'Full', 22.32), machine('c', '<=5%', 22.33)];
const packed = packMachines(machines);
const NONE: CodeCriteria = { statusGroup: null, area: null, district: null };
const layerOf = (list: Machine[], packing: PackedMachines, criteria = NONE) =>
  createMachineLayer(list, packing, filterPacked(list, packing, criteria, null).mask);

type Accessor<T> = (object: unknown, info: { index: number; data: unknown; target: number[] }) => T;
/** What deck.gl's attribute updates would read, row by row: the accessors (called with no object, as for
 * binary data) and the ready shown-flag column. */
function rows(layer: MachineLayer) {
  const { getPosition, getIcon } = layer.props;
  const data = machineRowsOf(layer);
  const read = <T>(accessor: unknown) =>
    Array.from({ length: data.length }, (_, index) =>
      (accessor as Accessor<T>)(undefined, { index, data, target: [NaN, NaN, NaN] }),
    );
  return {
    positions: read<number[]>(getPosition).map((p) => [...p]),
    icons: read<string>(getIcon),
    shown: [...data.attributes.getSize],
  };
}

describe('the machine layer', () => {
  const all = layerOf(machines, packed);

  it('is a stock IconLayer with a stable id: one 24 px marker per machine, pickable, from the packed columns', () => {
    expect(all.id).toBe(MACHINE_LAYER_ID);
    expect(all).toBeInstanceOf(IconLayer);
    expect(all.props.sizeScale).toBe(24);
    expect(all.props.pickable).toBe(true);
    expect(rows(all)).toEqual({
      positions: [
        [114.1, 22.31, 0],
        [114.1, 22.32, 0],
        [114.1, 22.33, 0],
      ],
      icons: ['available', 'full', 'nearlyFull'],
      shown: [1, 1, 1],
    });
  });

  it('hides on the GPU: a filter change hands over a new column of sizes (0 hidden) and no changed rows', () => {
    const fullOnly = layerOf(machines, packed, { ...NONE, statusGroup: 'full' });
    expect(rows(fullOnly).shown).toEqual([0, 1, 0]);
    expect(machineRowsOf(fullOnly).attributes.getSize).not.toBe(machineRowsOf(all).attributes.getSize);
    expect(changedRows(machineRowsOf(fullOnly), machineRowsOf(all))).toEqual([]);
    expect(fullOnly.props.getSize).toBe(all.props.getSize);
  });

  it('names the one row a live status change replaced, so deck.gl rewrites that row only', () => {
    const live = machines.map((m) => (m.id === 'b' ? { ...m, status: '>40%' as const } : m));
    const layer = layerOf(live, repackMachines(machines, packed, live));
    expect(rows(layer).icons).toEqual(['available', 'available', 'nearlyFull']);
    expect(layer.props.data).not.toBe(all.props.data);
    expect(layer.props._dataDiff!(layer.props.data, all.props.data)).toEqual([{ startRow: 1, endRow: 2 }]);
  });

  it('names a moved machine’s row, neighbouring rows as one range, and nothing it cannot know', () => {
    const moved = machines.map((m) => (m.id === 'c' ? { ...m, coordinates: [22.4, 114.2] as [number, number] } : m));
    const layer = layerOf(moved, repackMachines(machines, packed, moved));
    expect(rows(layer).positions[2]).toEqual([114.2, 22.4, 0]);
    expect(changedRows(machineRowsOf(layer), machineRowsOf(all))).toEqual([{ startRow: 2, endRow: 3 }]);

    const two = machines.map((m) => (m.id === 'a' || m.id === 'b' ? { ...m, status: '<=5%' as const } : m));
    const twoRows = layerOf(two, repackMachines(machines, packed, two));
    expect(changedRows(machineRowsOf(twoRows), machineRowsOf(all))).toEqual([{ startRow: 0, endRow: 2 }]);

    // A list not patched from the one deck.gl holds (another length, a fresh packing, a skipped revision): every row.
    const shorter = machines.slice(0, 2);
    expect(changedRows(machineRowsOf(layerOf(shorter, packMachines(shorter))), machineRowsOf(all))).toBeUndefined();
    const fresh = machines.map((m) => ({ ...m }));
    expect(changedRows(machineRowsOf(layerOf(fresh, packMachines(fresh))), machineRowsOf(all))).toBeUndefined();
    expect(changedRows(machineRowsOf(twoRows), machineRowsOf(layer))).toBeUndefined();
  });

  it('turns the row deck.gl picked into the machine object the popup needs', () => {
    const pick = (index: number, layer: unknown = all) => ({ index, layer }) as PickingInfo;
    expect(pickedMachine(pick(1))).toBe(machines[1]);
    expect(pickedMachine(pick(-1))).toBeUndefined();
    expect(pickedMachine(null)).toBeUndefined();
    expect(pickedMachine(pick(0, { id: 'another', props: { data: [] } }))).toBeUndefined();
  });
});
