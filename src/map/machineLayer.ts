import type { PickingInfo } from '@deck.gl/core';
import { IconLayer } from '@deck.gl/layers';
import { MARKER_ICON_SIZE_PX } from '../config';
import type { PackedMachines } from '../machines/packedMachines';
import { DISPLAY_STATES } from '../machines/displayState';
import type { Machine } from '../../shared/machine';
import { ICON_ATLAS_URL, ICON_MAPPING } from './iconAtlas';

export const MACHINE_LAYER_ID = 'machines';

/**
 * The layer's data: one row per machine of the list, in its order. The shown flags (1 shown, 0 hidden: the
 * filter's mask) go to deck.gl as a ready column of marker sizes (times `sizeScale`; a hidden marker has no size)
 * through its binary `data.attributes`, so a filter change calls no accessor per machine; positions and icons are
 * read from the packed columns by row.
 */
export interface MachineRows {
  readonly length: number;
  readonly machines: readonly Machine[];
  readonly packed: PackedMachines;
  readonly attributes: { readonly getSize: Float32Array };
}

// The 48 px images are drawn at 24 px: one linear step, no mipmaps needed.
const ATLAS_SAMPLER = { minFilter: 'linear', magFilter: 'linear', mipmapFilter: 'none' } as const;

type RowRange = { startRow: number; endRow: number };

/**
 * Which rows of new layer data differ from the rows deck.gl's buffers hold: none when only the shown flags are
 * new (deck.gl takes that column as a whole); the rows a live change (or a reload of the same machines) patched,
 * when the new packing was patched from the old one; otherwise undefined, and deck.gl refills every row as for
 * any new data. deck.gl rewrites those rows only, in every column: one machine's change uploads one row.
 */
export function changedRows(next: MachineRows, previous?: MachineRows): RowRange[] | undefined {
  if (!previous) return undefined;
  const now = next.packed;
  const before = previous.packed;
  if (now === before) return [];
  if (!now.changes || now.changes.since !== before.revision || now.count !== before.count) return undefined;
  const ranges: RowRange[] = [];
  for (const row of now.changes.rows) {
    const last = ranges[ranges.length - 1];
    if (last && last.endRow === row) last.endRow = row + 1;
    else ranges.push({ startRow: row, endRow: row + 1 });
  }
  return ranges;
}

export type MachineLayer = IconLayer<unknown>;

/** The rows a machine layer was made with (deck.gl types a layer's data loosely). */
export const machineRowsOf = (layer: { props: { data: unknown } }): MachineRows => layer.props.data as MachineRows;

/** The machine drawn in the row deck.gl picked (binary data hands back the row, not the object). */
export function pickedMachine(info: PickingInfo | null | undefined): Machine | undefined {
  if (!info || info.index < 0 || info.layer?.id !== MACHINE_LAYER_ID) return undefined;
  return machineRowsOf(info.layer).machines[info.index];
}

/**
 * The one layer of machines: a 24x24 status marker per machine, anchored at its bottom tip, read from the
 * packed columns by row (no allocation per machine). A hidden machine is drawn at size 0: nothing on screen, nothing
 * to pick.
 */
export function createMachineLayer(
  machines: readonly Machine[],
  packed: PackedMachines,
  shownMask: Float32Array,
  atlas: string = ICON_ATLAS_URL,
): MachineLayer {
  const { positions, stateCodes } = packed;
  const data: MachineRows = { length: packed.count, machines, packed, attributes: { getSize: shownMask } };
  return new IconLayer<unknown>({
    id: MACHINE_LAYER_ID,
    data,
    // deck.gl's documented row diff for new data (Layer's `_dataDiff`, "experimental", see decision 0022).
    // Undefined ("not known") is what deck.gl's own default diff answers too; its type leaves it out.
    _dataDiff: changedRows as (next: unknown, previous?: unknown) => RowRange[],
    getPosition: (_, { index, target }) => {
      target[0] = positions[index * 2]!;
      target[1] = positions[index * 2 + 1]!;
      target[2] = 0;
      return target as [number, number, number];
    },
    getIcon: (_, { index }) => DISPLAY_STATES[stateCodes[index]!]!,
    iconAtlas: atlas,
    iconMapping: ICON_MAPPING,
    textureParameters: ATLAS_SAMPLER,
    sizeScale: MARKER_ICON_SIZE_PX,
    sizeUnits: 'pixels',
    pickable: true,
    parameters: { depthCompare: 'always', depthWriteEnabled: false },
  });
}
