import { IconLayer } from '@deck.gl/layers';
import { MARKER_ICON_SIZE_PX } from '../config';
import { displayStateOf } from '../machines/displayState';
import type { Machine } from '../machines/machine';
import { ICON_ATLAS_URL, ICON_MAPPING } from './iconAtlas';

export const MACHINE_LAYER_ID = 'machines';

// Accessors live at module level and write into deck's target arrays: nothing allocates per machine.
const getPosition = (m: Machine, { target }: { target: number[] }) => {
  target[0] = m.coordinates[1];
  target[1] = m.coordinates[0];
  return target as [number, number];
};
const getIcon = (m: Machine) => displayStateOf(m);

/** The one layer of machines: a 24x24 status marker per machine, anchored at its bottom tip. */
export function createMachineLayer(data: readonly Machine[]) {
  return new IconLayer<Machine>({
    id: MACHINE_LAYER_ID,
    data,
    iconAtlas: ICON_ATLAS_URL,
    iconMapping: ICON_MAPPING,
    getIcon,
    getPosition,
    getSize: MARKER_ICON_SIZE_PX,
    sizeUnits: 'pixels',
    pickable: true,
    parameters: { depthCompare: 'always' },
  });
}
