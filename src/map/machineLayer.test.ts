import { describe, expect, it } from 'vitest';
import { filterPacked } from '../filters/filterResult';
import { packMachines } from '../machines/packedMachines';
import { repackMachines } from '../machines/repackMachines';
import { DISPLAY_STATES } from '../machines/displayState';
import type { Machine } from '../../shared/machine';
import type { MachineIconData } from './machineIconLayer';
import { createMachineLayer } from './machineLayer';

const machine = (id: string, status: Machine['status'], lat: number): Machine => ({
  id, coordinates: [lat, 114.1], area: 'KOWLOON', district: 'KWUN TONG', status, under_maintenance: false, service_status: 0,
  name_en: id, name_zht: '', name_zhs: '', address_en: '', address_zht: '', address_zhs: '',
  service_hour_en: '', service_hour_zht: '', service_hour_zhs: '',
});

const machines = [machine('a', '>40%', 22.31), machine('b', 'Full', 22.32), machine('c', '<=5%', 22.33)];
const packed = packMachines(machines);
const NONE = { statusGroup: null, area: null, district: null };

type Props = { data: MachineIconData; shownMask: Float32Array };
const propsOf = (layer: ReturnType<typeof createMachineLayer>) => layer.props as unknown as Props & typeof layer.props;

describe('the machine layer', () => {
  const all = createMachineLayer(packed, filterPacked(machines, packed, NONE, null).mask);
  const fullOnly = filterPacked(machines, packed, { ...NONE, statusGroup: 'full' }, null);
  const filtered = createMachineLayer(packed, fullOnly.mask);

  it('draws every machine of the packing, with the filter as the shown mask, 24 px high', () => {
    const { data, shownMask, sizeScale } = propsOf(filtered);
    expect(data.length).toBe(3);
    expect(data.packed).toBe(packed);
    expect(Array.from(shownMask)).toEqual([0, 1, 0]);
    expect(sizeScale).toBe(24);
  });

  it('treats a filter change as the same data: only the mask is new', () => {
    const before = propsOf(all);
    const after = propsOf(filtered);
    expect(after.data).toBe(before.data);
    expect(after.dataComparator!(after.data, before.data)).toBe(true);
    expect(after.shownMask).not.toBe(before.shownMask);
  });

  it('treats a new machine list as new data', () => {
    const next = packMachines(machines.slice(0, 2));
    const layer = propsOf(createMachineLayer(next, filterPacked(machines.slice(0, 2), next, NONE, null).mask));
    expect(layer.dataComparator!(layer.data, propsOf(all).data)).toBe(false);
  });

  it('treats a live status change as new data in that row only', () => {
    const live = machines.map((m) => (m.id === 'b' ? { ...m, status: '>40%' as const } : m));
    const repacked = repackMachines(machines, packed, live);
    const before = propsOf(all);
    const after = propsOf(createMachineLayer(repacked, filterPacked(live, repacked, NONE, null).mask));
    expect(after.dataComparator!(after.data, before.data)).toBe(false);
    expect(after._dataDiff!(after.data, before.data)).toEqual([{ startRow: 1, endRow: 2 }]);
    expect(after.data.packed.stateCodes[1]).toBe(DISPLAY_STATES.indexOf('available'));
  });

  it('keeps the mask when a live change shows and hides the same markers, and not when it does not', () => {
    const live = machines.map((m) => (m.id === 'b' ? { ...m, status: '>40%' as const } : m));
    const repacked = repackMachines(machines, packed, live);
    const maskOf = (layer: ReturnType<typeof createMachineLayer>) => propsOf(layer).shownMask;
    const before = createMachineLayer(packed, filterPacked(machines, packed, NONE, null).mask);
    const unfiltered = createMachineLayer(repacked, filterPacked(live, repacked, NONE, null).mask);
    expect(maskOf(unfiltered)).toBe(maskOf(before));
    const fullBefore = createMachineLayer(packed, filterPacked(machines, packed, { ...NONE, statusGroup: 'full' }, null).mask);
    const fullAfter = createMachineLayer(repacked, filterPacked(live, repacked, { ...NONE, statusGroup: 'full' }, null).mask);
    expect(maskOf(fullAfter)).not.toBe(maskOf(fullBefore));
    expect(Array.from(maskOf(fullAfter))).toEqual([0, 0, 0]);
  });

  it('updates every row when the packing on the GPU is not the one the change was patched from', () => {
    const live = machines.map((m) => (m.id === 'b' ? { ...m, status: '>40%' as const } : m));
    const repacked = repackMachines(machines, packed, live);
    const other = packMachines(machines);
    const layer = propsOf(createMachineLayer(repacked, filterPacked(live, repacked, NONE, null).mask));
    const unrelated = propsOf(createMachineLayer(other, filterPacked(machines, other, NONE, null).mask));
    expect(layer._dataDiff!(layer.data, unrelated.data)).toBeFalsy();
    expect(unrelated._dataDiff!(unrelated.data, layer.data)).toBeFalsy();
  });

  it('uploads the row of a machine that moved', () => {
    const moved = machines.map((m) => (m.id === 'c' ? { ...m, coordinates: [22.4, 114.2] as [number, number] } : m));
    const repacked = repackMachines(machines, packed, moved);
    const layer = propsOf(createMachineLayer(repacked, filterPacked(moved, repacked, NONE, null).mask));
    expect(Array.from(layer.data.packed.positions)).toEqual([114.1, 22.31, 114.1, 22.32, 114.2, 22.4]);
    expect(layer._dataDiff!(layer.data, propsOf(all).data)).toEqual([{ startRow: 2, endRow: 3 }]);
  });
});
