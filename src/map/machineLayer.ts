import type { PickingInfo } from '@deck.gl/core';
import { IconLayer } from '@deck.gl/layers';
import { MARKER_ICON_SIZE_PX } from '../config';
import type { FilterResult } from '../filters/filterResult';
import type { PackedMachines } from '../filters/packedMachines';
import { DISPLAY_STATES } from '../machines/displayState';
import type { Machine } from '../machines/machine';
import { changedRowRanges, type RowRange } from './changedRowRanges';
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
  /** The packing the data was made from: the comparator and the row diff read it. */
  packed: PackedMachines;
}

// One position attribute per positions array, which a live status change shares with the packing
// before it: deck.gl skips a binary attribute whose object is unchanged, so positions stay on the GPU.
const positionAttributes = new WeakMap<Float64Array, BinaryAttribute<Float64Array>>();
function positionAttribute(positions: Float64Array): BinaryAttribute<Float64Array> {
  let attribute = positionAttributes.get(positions);
  if (!attribute) {
    attribute = { value: positions, size: 2 };
    positionAttributes.set(positions, attribute);
  }
  return attribute;
}

// The size attribute of the last layer made. A live change mostly leaves every marker shown or hidden as
// it was (always, with no filter): the new but equal mask keeps this object, which deck.gl does not upload.
let lastSize: BinaryAttribute<Float32Array> | null = null;
function sizeAttribute(mask: Float32Array): BinaryAttribute<Float32Array> {
  if (!lastSize || !sameValues(lastSize.value, mask)) lastSize = { value: mask, size: 1 };
  return lastSize;
}

function sameValues(a: Float32Array, b: Float32Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// The same packing is the same data even when the filter mask is new: positions and icons stay on the GPU.
function samePacking<T>(next: T, previous?: T): boolean {
  return (next as MachineLayerData).packed === (previous as MachineLayerData | undefined)?.packed;
}

/**
 * deck.gl's `_dataDiff`, called only when `samePacking` saw new data. Its row ranges make the layer
 * invalidate just those rows of every attribute: accessor attributes (icons, picking colours) are
 * recomputed and re-uploaded for those rows only; binary `data.attributes` ignore ranges and are
 * skipped while their object is the same one (positions, when the change kept them).
 */
function dataDiff<T>(next: T, previous?: T): RowRange[] {
  const ranges = changedRowRanges((next as MachineLayerData).packed, (previous as MachineLayerData | undefined)?.packed);
  // Typed as an array, but deck.gl reads a falsy answer as a full change (`_dataDiff(...) || dataChanged`).
  return ranges as RowRange[];
}

/**
 * The one layer of machines: a 24x24 status marker per machine, anchored at its bottom tip. All machines
 * are uploaded once per list; a live status change re-uploads the icons of its rows only (and the mask
 * when it shows or hides a marker); a filter change uploads only the shown/hidden mask. The mask (1 or 0) is the marker's size factor, so the GPU
 * collapses hidden markers to nothing: no draw, no pick.
 */
export function createMachineLayer(packed: PackedMachines, result: FilterResult) {
  const { stateCodes } = packed;
  const size = sizeAttribute(result.mask);
  const data: MachineLayerData = {
    length: packed.count,
    attributes: { getPosition: positionAttribute(packed.positions), getSize: size },
    packed,
  };
  return new IconLayer<null>({
    id: MACHINE_LAYER_ID,
    data,
    dataComparator: samePacking,
    _dataDiff: dataDiff,
    iconAtlas: ICON_ATLAS_URL,
    iconMapping: ICON_MAPPING,
    getIcon: (_, { index }) => DISPLAY_STATES[stateCodes[index]!]!,
    sizeScale: MARKER_ICON_SIZE_PX,
    sizeUnits: 'pixels',
    pickable: true,
    parameters: { depthCompare: 'always' },
    // An array, so deck.gl compares the mask by identity instead of walking its elements.
    updateTriggers: { getSize: [size.value] },
  });
}

/** The machine under a pick of the machine layer: picks report the index into the full list. */
export function pickedMachine(info: PickingInfo | null | undefined, machines: readonly Machine[]): Machine | undefined {
  if (!info || info.layer?.id !== MACHINE_LAYER_ID || info.index < 0) return undefined;
  return machines[info.index];
}
