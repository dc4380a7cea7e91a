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

type RowRange = { startRow: number; endRow: number };

/** The packing each machine list handed to the layer was read from: the row diff compares two of them. */
const packingOf = new WeakMap<readonly Machine[], PackedMachines>();

/**
 * Which rows of a new machine list differ from the list deck.gl's buffers hold: the rows a live change (or a
 * reload of the same machines) patched, when the new packing was patched from the old list's; otherwise
 * undefined, and deck.gl refills every row as for any new data. deck.gl then rewrites those rows only, in
 * every column (positions, icons, shown flags, picking colours): one machine's change uploads one row.
 */
export function changedRows(next: unknown, previous?: unknown): RowRange[] | undefined {
  const now = packingOf.get(next as readonly Machine[]);
  const before = packingOf.get(previous as readonly Machine[]);
  if (!now?.changes || !before || now.changes.since !== before.revision || now.count !== before.count) return undefined;
  const ranges: RowRange[] = [];
  for (const row of now.changes.rows) {
    const last = ranges[ranges.length - 1];
    if (last && last.endRow === row) last.endRow = row + 1;
    else ranges.push({ startRow: row, endRow: row + 1 });
  }
  return ranges;
}

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
  packingOf.set(machines, packed);
  return new IconLayer<Machine, DataFilterExtensionProps<Machine>>({
    id: MACHINE_LAYER_ID,
    // A new list is new data (every list has its own packing); deck.gl's documented row diff for data
    // (Layer's \`_dataDiff\`, "experimental", see decision 0022) names the rows a live change replaced.
    data: machines,
    // Undefined ("not known") is what deck.gl's own default diff answers too; its type leaves it out.
    _dataDiff: changedRows as (next: unknown, previous?: unknown) => RowRange[],
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
    // Positions and icons change only with the list (new data, above); the shown flags with the filter.
    updateTriggers: { getFilterValue: { shownMask } },
    iconAtlas: atlas,
    iconMapping: ICON_MAPPING,
    textureParameters: ATLAS_SAMPLER,
    sizeScale: MARKER_ICON_SIZE_PX,
    sizeUnits: 'pixels',
    pickable: true,
    parameters: { depthCompare: 'always', depthWriteEnabled: false },
  });
}
