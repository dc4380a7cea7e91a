import { DataFilterExtension, type DataFilterExtensionProps } from '@deck.gl/extensions';
import { IconLayer } from '@deck.gl/layers';
import { MARKER_ICON_SIZE_PX } from '../config';
import type { PackedMachines } from '../machines/packedMachines';
import { DISPLAY_STATES } from '../machines/displayState';
import type { Machine } from '../../shared/machine';
import { ICON_ATLAS_URL, ICON_MAPPING } from './iconAtlas';

export const MACHINE_LAYER_ID = 'machines';

/** One float per machine: 1 shown, 0 hidden (the filter's mask). */
const SHOWN_FILTER = [new DataFilterExtension({ filterSize: 1 })];
const SHOWN_RANGE: [number, number] = [0.5, 1];

// The 48 px images are drawn at 24 px: one linear step, no mipmaps needed.
const ATLAS_SAMPLER = { minFilter: 'linear', magFilter: 'linear', mipmapFilter: 'none' } as const;

/**
 * Rows are the same machines while the list keeps its length; which columns changed is told by
 * `updateTriggers` (a live status change refills the icons only, a filter change the shown flags only).
 */
const sameRows = (next: unknown, previous: unknown) =>
  (next as readonly Machine[]).length === (previous as readonly Machine[]).length;

export type MachineLayer = IconLayer<Machine, DataFilterExtensionProps<Machine>>;

/**
 * The one layer of machines: a 24x24 status marker per machine, anchored at its bottom tip, read from the
 * packed columns by row (no allocation per machine). A hidden machine is filtered out on the GPU.
 */
export function createMachineLayer(
  machines: readonly Machine[],
  packed: PackedMachines,
  shownMask: Float32Array,
  atlas: string = ICON_ATLAS_URL,
): MachineLayer {
  const { positions, stateCodes } = packed;
  return new IconLayer<Machine, DataFilterExtensionProps<Machine>>({
    id: MACHINE_LAYER_ID,
    data: machines,
    dataComparator: sameRows,
    getPosition: (_, { index, target }) => {
      target[0] = positions[index * 2]!;
      target[1] = positions[index * 2 + 1]!;
      target[2] = 0;
      return target as [number, number, number];
    },
    getIcon: (_, { index }) => DISPLAY_STATES[stateCodes[index]!]!,
    getFilterValue: (_, { index }) => shownMask[index]!,
    filterRange: SHOWN_RANGE,
    extensions: SHOWN_FILTER,
    updateTriggers: {
      getPosition: { positions },
      getIcon: { stateCodes },
      getFilterValue: { shownMask },
    },
    iconAtlas: atlas,
    iconMapping: ICON_MAPPING,
    textureParameters: ATLAS_SAMPLER,
    sizeScale: MARKER_ICON_SIZE_PX,
    sizeUnits: 'pixels',
    pickable: true,
    parameters: { depthCompare: 'always', depthWriteEnabled: false },
  });
}
