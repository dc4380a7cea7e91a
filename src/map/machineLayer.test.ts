import { IconLayer } from '@deck.gl/layers';
import { describe, expect, it } from 'vitest';
import { filterPacked, type CodeCriteria } from '../filters/filterResult';
import { packMachines, type PackedMachines } from '../machines/packedMachines';
import { repackMachines } from '../machines/repackMachines';
import type { Machine } from '../../shared/machine';
import { changedRows, createMachineLayer, MACHINE_LAYER_ID, type MachineLayer } from './machineLayer';
import { testMachine } from '../../tests/unit/testMachine';

const machine = (id: string, status: Machine['status'], lat: number): Machine =>
  testMachine(id, { status, coordinates: [lat, 114.1] });

const machines = [machine('a', '>40%', 22.31), machine('b', 'Full', 22.32), machine('c', '<=5%', 22.33)];
const packed = packMachines(machines);
const NONE: CodeCriteria = { statusGroup: null, area: null, district: null };
const layerOf = (list: Machine[], packing: PackedMachines, criteria = NONE) =>
  createMachineLayer(list, packing, filterPacked(list, packing, criteria, null).mask);

type Accessor<T> = (object: Machine, info: { index: number; data: unknown; target: number[] }) => T;
/** What deck.gl's attribute updates would read from each accessor, row by row. */
function rows(layer: MachineLayer) {
  const { data, getPosition, getIcon, getFilterValue } = layer.props;
  const list = data as readonly Machine[];
  const read = <T>(accessor: unknown) =>
    list.map((m, index) => (accessor as Accessor<T>)(m, { index, data: list, target: [NaN, NaN, NaN] }));
  return {
    positions: read<number[]>(getPosition).map((p) => [...p]),
    icons: read<string>(getIcon),
    shown: read<number>(getFilterValue),
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

  it('filters on the GPU: a filter change is the same data with new shown flags only', () => {
    const fullOnly = layerOf(machines, packed, { ...NONE, statusGroup: 'full' });
    expect(rows(fullOnly).shown).toEqual([0, 1, 0]);
    expect(all.props.filterRange).toEqual([0.5, 1]);
    expect(fullOnly.props.data).toBe(all.props.data);
    expect(Object.keys(fullOnly.props.updateTriggers)).toEqual(['getFilterValue']);
    expect(fullOnly.props.updateTriggers.getFilterValue.shownMask).not.toBe(
      all.props.updateTriggers.getFilterValue.shownMask,
    );
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
    expect(changedRows(layer.props.data, all.props.data)).toEqual([{ startRow: 2, endRow: 3 }]);

    const two = machines.map((m) => (m.id === 'a' || m.id === 'b' ? { ...m, status: '<=5%' as const } : m));
    const twoRows = layerOf(two, repackMachines(machines, packed, two));
    expect(changedRows(twoRows.props.data, all.props.data)).toEqual([{ startRow: 0, endRow: 2 }]);

    // A list not patched from the one deck.gl holds (another length, a fresh packing, a skipped revision): every row.
    const shorter = machines.slice(0, 2);
    expect(changedRows(layerOf(shorter, packMachines(shorter)).props.data, all.props.data)).toBeUndefined();
    const fresh = machines.map((m) => ({ ...m }));
    expect(changedRows(layerOf(fresh, packMachines(fresh)).props.data, all.props.data)).toBeUndefined();
    expect(changedRows(twoRows.props.data, layer.props.data)).toBeUndefined();
  });

  it('picks the machine object of a row, as the popup needs it', () => {
    expect((all.props.data as readonly Machine[])[1]).toBe(machines[1]);
  });
});
