import type { PickingInfo } from '@deck.gl/core';
import { describe, expect, it } from 'vitest';
import { filterPacked } from '../filters/filterResult';
import { packMachines } from '../filters/packedMachines';
import { repackMachines } from '../filters/repackMachines';
import type { Machine } from '../machines/machine';
import { createMachineLayer, MACHINE_LAYER_ID, pickedMachine } from './machineLayer';

const machine = (id: string, status: Machine['status'], lat: number): Machine => ({
  id, coordinates: [lat, 114.1], area: 'KOWLOON', district: 'KWUN TONG', status, under_maintenance: false, service_status: 0,
  name_en: id, name_zht: '', name_zhs: '', address_en: '', address_zht: '', address_zhs: '',
  service_hour_en: '', service_hour_zht: '', service_hour_zhs: '',
});

const machines = [machine('a', '>40%', 22.31), machine('b', 'Full', 22.32), machine('c', '<=5%', 22.33)];
const packed = packMachines(machines);
const NONE = { statusGroup: null, area: null, district: null };

type Props = { data: { length: number; attributes: Record<string, { value: ArrayLike<number> }> } };
const propsOf = (layer: ReturnType<typeof createMachineLayer>) => layer.props as unknown as Props & typeof layer.props;

describe('the machine layer', () => {
  const all = createMachineLayer(packed, filterPacked(machines, packed, NONE, null));
  const fullOnly = filterPacked(machines, packed, { ...NONE, statusGroup: 'full' }, null);
  const filtered = createMachineLayer(packed, fullOnly);

  it('holds every machine, positions in longitude, latitude order, with the filter as the size factor', () => {
    const { data } = propsOf(filtered);
    expect(data.length).toBe(3);
    expect(Array.from(data.attributes.getPosition!.value)).toEqual([114.1, 22.31, 114.1, 22.32, 114.1, 22.33]);
    expect(Array.from(data.attributes.getSize!.value)).toEqual([0, 1, 0]);
    expect(propsOf(filtered).sizeScale).toBe(24);
  });

  it('treats a filter change as the same data: positions and icons stay, only the mask is new', () => {
    const before = propsOf(all);
    const after = propsOf(filtered);
    expect(after.data.attributes.getPosition).toBe(before.data.attributes.getPosition);
    expect(after.dataComparator!(after.data, before.data)).toBe(true);
    expect(after.updateTriggers.getSize).not.toEqual(before.updateTriggers.getSize);
  });

  it('treats a new machine list as new data', () => {
    const next = packMachines(machines.slice(0, 2));
    const layer = propsOf(createMachineLayer(next, filterPacked(machines.slice(0, 2), next, NONE, null)));
    expect(layer.dataComparator!(layer.data, propsOf(all).data)).toBe(false);
  });

  it('treats a live status change as new data in that row only: positions stay, the icon of the row changes', () => {
    const live = machines.map((m) => (m.id === 'b' ? { ...m, status: '>40%' as const } : m));
    const repacked = repackMachines(machines, packed, live);
    const before = propsOf(all);
    const after = propsOf(createMachineLayer(repacked, filterPacked(live, repacked, NONE, null)));
    expect(after.data.attributes.getPosition).toBe(before.data.attributes.getPosition);
    expect(after.dataComparator!(after.data, before.data)).toBe(false);
    expect(after._dataDiff!(after.data, before.data)).toEqual([{ startRow: 1, endRow: 2 }]);
    const getIcon = after.getIcon as (d: null, info: { index: number }) => string;
    expect(getIcon(null, { index: 1 })).toBe('available');
  });

  it('keeps the mask attribute when a live change shows and hides the same markers, and not when it does not', () => {
    const live = machines.map((m) => (m.id === 'b' ? { ...m, status: '>40%' as const } : m));
    const repacked = repackMachines(machines, packed, live);
    const sizeOf = (layer: ReturnType<typeof createMachineLayer>) => propsOf(layer).data.attributes.getSize;
    const before = createMachineLayer(packed, filterPacked(machines, packed, NONE, null));
    const unfiltered = createMachineLayer(repacked, filterPacked(live, repacked, NONE, null));
    expect(sizeOf(unfiltered)).toBe(sizeOf(before));
    const fullBefore = createMachineLayer(packed, filterPacked(machines, packed, { ...NONE, statusGroup: 'full' }, null));
    const fullAfter = createMachineLayer(repacked, filterPacked(live, repacked, { ...NONE, statusGroup: 'full' }, null));
    expect(sizeOf(fullAfter)).not.toBe(sizeOf(fullBefore));
    expect(Array.from(sizeOf(fullAfter)!.value)).toEqual([0, 0, 0]);
  });

  it('updates every row when the packing on the GPU is not the one the change was patched from', () => {
    const live = machines.map((m) => (m.id === 'b' ? { ...m, status: '>40%' as const } : m));
    const repacked = repackMachines(machines, packed, live);
    const other = packMachines(machines);
    const layer = propsOf(createMachineLayer(repacked, filterPacked(live, repacked, NONE, null)));
    const unrelated = propsOf(createMachineLayer(other, filterPacked(machines, other, NONE, null)));
    expect(layer._dataDiff!(layer.data, unrelated.data)).toBeFalsy();
    expect(unrelated._dataDiff!(unrelated.data, layer.data)).toBeFalsy();
  });

  it('uploads new positions when a machine moved', () => {
    const moved = machines.map((m) => (m.id === 'c' ? { ...m, coordinates: [22.4, 114.2] as [number, number] } : m));
    const repacked = repackMachines(machines, packed, moved);
    const layer = propsOf(createMachineLayer(repacked, filterPacked(moved, repacked, NONE, null)));
    expect(layer.data.attributes.getPosition).not.toBe(propsOf(all).data.attributes.getPosition);
    expect(Array.from(layer.data.attributes.getPosition!.value)).toEqual([114.1, 22.31, 114.1, 22.32, 114.2, 22.4]);
    expect(layer._dataDiff!(layer.data, propsOf(all).data)).toEqual([{ startRow: 2, endRow: 3 }]);
  });

  it('gives each machine the icon of its display state', () => {
    const getIcon = propsOf(all).getIcon as (d: null, info: { index: number }) => string;
    expect([0, 1, 2].map((index) => getIcon(null, { index }))).toEqual(['available', 'full', 'nearlyFull']);
  });

  it('turns a pick back into the machine', () => {
    const pick = (index: number, id = MACHINE_LAYER_ID) => ({ index, layer: { id } }) as unknown as PickingInfo;
    expect(pickedMachine(pick(1), machines)).toBe(machines[1]);
    expect(pickedMachine(pick(-1), machines)).toBeUndefined();
    expect(pickedMachine(pick(1, 'other'), machines)).toBeUndefined();
    expect(pickedMachine(null, machines)).toBeUndefined();
  });
});
