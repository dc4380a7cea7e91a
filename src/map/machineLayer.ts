import { MARKER_ICON_SIZE_PX } from '../config';
import type { PackedMachines } from '../machines/packedMachines';
import { changedRowRanges, type RowRange } from './changedRowRanges';
import { ICON_ATLAS_URL, ICON_MAPPING, type IconAtlasSource } from './iconAtlas';
import { MachineIconLayer, type MachineIconData } from './machineIconLayer';

export const MACHINE_LAYER_ID = 'machines';

// The mask of the last layer made. A live change mostly leaves every marker shown or hidden as it was
// (always, with no filter), and so does a search key that changes no result: a new but equal mask keeps this
// array, so the page keeps its layer (and the map draws nothing), or deck.gl refills nothing for it.
let lastMask: Float32Array | null = null;
export function stableShownMask(mask: Float32Array): Float32Array {
  if (!lastMask || !sameValues(lastMask, mask)) lastMask = mask;
  return lastMask;
}

function sameValues(a: Float32Array, b: Float32Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// The same packing is the same data even when the filter mask is new: positions and icons stay on the GPU.
function samePacking<T>(next: T, previous?: T): boolean {
  return (next as MachineIconData).packed === (previous as MachineIconData | undefined)?.packed;
}

/**
 * deck.gl's `_dataDiff`, called only when `samePacking` saw new data. Its row ranges make the layer
 * refill and re-upload just those machines' vertices (a live status change).
 */
function dataDiff<T>(next: T, previous?: T): RowRange[] {
  const ranges = changedRowRanges((next as MachineIconData).packed, (previous as MachineIconData | undefined)?.packed);
  // Typed as an array, but deck.gl reads a falsy answer as a full change (`_dataDiff(...) || dataChanged`).
  return ranges as RowRange[];
}

// One data object per packing, so deck.gl's comparator and row diff see the packing that made it.
const dataOfPacking = new WeakMap<PackedMachines, MachineIconData>();
function dataOf(packed: PackedMachines): MachineIconData {
  let data = dataOfPacking.get(packed);
  if (!data) {
    data = { length: packed.count, packed };
    dataOfPacking.set(packed, data);
  }
  return data;
}

// The 48 px images drawn at 24 px (at 1:1 on a 2x screen) need no mipmaps: a software renderer's
// trilinear lookups cost about a third of the markers' drawing time.
const ATLAS_SAMPLER = { minFilter: 'linear', magFilter: 'linear', mipmapFilter: 'none' } as const;

/**
 * The one layer of machines: a 24x24 status marker per machine, anchored at its bottom tip. All machines
 * are uploaded once per list; a live status change re-uploads its rows only; a filter change refills
 * only the shown flags. A hidden marker is collapsed to nothing on the GPU: no pixels.
 */
export function createMachineLayer(packed: PackedMachines, shownMask: Float32Array, atlas: IconAtlasSource = ICON_ATLAS_URL) {
  return new MachineIconLayer({
    id: MACHINE_LAYER_ID,
    data: dataOf(packed) as unknown as null[],
    shownMask: stableShownMask(shownMask),
    dataComparator: samePacking,
    _dataDiff: dataDiff,
    // deck.gl's 'image' prop turns decoded image data into a texture, as it does with what it loads from
    // a URL; its TypeScript type names only the URL and the texture.
    iconAtlas: atlas as string,
    iconMapping: ICON_MAPPING,
    textureParameters: ATLAS_SAMPLER,
    sizeScale: MARKER_ICON_SIZE_PX,
    sizeUnits: 'pixels',
    parameters: { depthCompare: 'always', depthWriteEnabled: false },
  });
}
