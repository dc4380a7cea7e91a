import type { PickingInfo } from '@deck.gl/core';
import { IconLayer } from '@deck.gl/layers';
import { MARKER_ICON_SIZE_PX } from '../config';
import type { FilterResult } from '../filters/filterResult';
import type { PackedMachines } from '../filters/packedMachines';
import { DISPLAY_STATES } from '../machines/displayState';
import type { Machine } from '../machines/machine';
import { ICON_ATLAS_URL, ICON_MAPPING } from './iconAtlas';

export const MACHINE_LAYER_ID = 'machines';

interface BinaryAttribute<T> {
  value: T;
  size: number;
}

/** Every machine of the list, as typed columns deck.gl uploads without calling an accessor per machine. */
interface MachineLayerData {
  length: number;
  attributes: { getPosition: BinaryAttribute<Float64Array>; getSize: BinaryAttribute<Float32Array> };
}

// One position attribute per machine list: deck.gl skips an attribute whose value object is unchanged.
const positionAttributes = new WeakMap<PackedMachines, BinaryAttribute<Float64Array>>();
function positionAttribute(packed: PackedMachines): BinaryAttribute<Float64Array> {
  let attribute = positionAttributes.get(packed);
  if (!attribute) {
    attribute = { value: packed.positions, size: 2 };
    positionAttributes.set(packed, attribute);
  }
  return attribute;
}

// The same machine list is the same data even when the filter mask is new: positions and icons stay on the GPU.
function sameMachineList<T>(next: T, previous?: T): boolean {
  const a = next as MachineLayerData;
  const b = previous as MachineLayerData | undefined;
  return a.attributes.getPosition === b?.attributes.getPosition;
}

/**
 * The one layer of machines: a 24x24 status marker per machine, anchored at its bottom tip. All machines
 * are uploaded once per list; a filter change uploads only the shown/hidden mask. The mask (1 or 0) is
 * the marker's size factor, so the GPU collapses hidden markers to nothing: no draw, no pick.
 */
export function createMachineLayer(packed: PackedMachines, result: FilterResult) {
  const { stateCodes } = packed;
  return new IconLayer<null>({
    id: MACHINE_LAYER_ID,
    data: {
      length: packed.count,
      attributes: { getPosition: positionAttribute(packed), getSize: { value: result.mask, size: 1 } },
    } satisfies MachineLayerData,
    dataComparator: sameMachineList,
    iconAtlas: ICON_ATLAS_URL,
    iconMapping: ICON_MAPPING,
    getIcon: (_, { index }) => DISPLAY_STATES[stateCodes[index]!]!,
    sizeScale: MARKER_ICON_SIZE_PX,
    sizeUnits: 'pixels',
    pickable: true,
    parameters: { depthCompare: 'always' },
    // An array, so deck.gl compares the mask by identity instead of walking its elements.
    updateTriggers: { getSize: [result.mask] },
  });
}

/** The machine under a pick of the machine layer: picks report the index into the full list. */
export function pickedMachine(info: PickingInfo | null | undefined, machines: readonly Machine[]): Machine | undefined {
  if (!info || info.layer?.id !== MACHINE_LAYER_ID || info.index < 0) return undefined;
  return machines[info.index];
}
