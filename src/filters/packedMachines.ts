import { DISPLAY_STATES, displayStateOf, isOutOfService } from '../machines/displayState';
import type { Area, District, Machine } from '../machines/machine';
import { AREAS, DISTRICTS } from '../machines/machine';
import { STATUS_GROUPS, STATUSES_OF_GROUP, type StatusGroup } from './statusGroups';

/** Area and district code of a machine whose value the server sent but the page does not know. */
export const UNKNOWN_CODE = 0;
/** Status group code of an in-service machine with an unknown status: it matches no status group. */
export const NO_GROUP = 255;

/**
 * The machines as typed columns, built once per machine list: the filter compares small integers
 * instead of strings, and the map layer reads positions and icons without touching the objects.
 */
export interface PackedMachines {
  readonly count: number;
  /** longitude, latitude per machine; 64-bit so markers stay put at street zoom. */
  readonly positions: Float64Array;
  /** Index into DISPLAY_STATES (the marker icon). */
  readonly stateCodes: Uint8Array;
  readonly areaCodes: Uint8Array;
  readonly districtCodes: Uint8Array;
  /** Index into STATUS_GROUPS; the groups do not overlap, so one code per machine. */
  readonly groupCodes: Uint8Array;
}

export const areaCodeOf = (area: Area | null): number => (area === null ? UNKNOWN_CODE : AREAS.indexOf(area) + 1);
export const districtCodeOf = (district: District | null): number =>
  district === null ? UNKNOWN_CODE : DISTRICTS.indexOf(district) + 1;
export const groupCodeOf = (group: StatusGroup): number => STATUS_GROUPS.indexOf(group);

function statusGroupOf(m: Machine): StatusGroup | null {
  if (isOutOfService(m)) return 'maintenance';
  if (m.status === null) return null;
  for (const group of ['available', 'nearlyFull', 'full'] as const) {
    if (STATUSES_OF_GROUP[group].includes(m.status)) return group;
  }
  return null;
}

export function packMachines(machines: readonly Machine[]): PackedMachines {
  const count = machines.length;
  const packed = {
    count,
    positions: new Float64Array(count * 2),
    stateCodes: new Uint8Array(count),
    areaCodes: new Uint8Array(count),
    districtCodes: new Uint8Array(count),
    groupCodes: new Uint8Array(count),
  };
  const areaCodes = new Map(AREAS.map((a) => [a, areaCodeOf(a)]));
  const districtCodes = new Map(DISTRICTS.map((d) => [d, districtCodeOf(d)]));
  for (let i = 0; i < count; i++) {
    const m = machines[i]!;
    packed.positions[i * 2] = m.coordinates[1];
    packed.positions[i * 2 + 1] = m.coordinates[0];
    packed.stateCodes[i] = DISPLAY_STATES.indexOf(displayStateOf(m));
    packed.areaCodes[i] = m.area === null ? UNKNOWN_CODE : areaCodes.get(m.area)!;
    packed.districtCodes[i] = m.district === null ? UNKNOWN_CODE : districtCodes.get(m.district)!;
    const group = statusGroupOf(m);
    packed.groupCodes[i] = group === null ? NO_GROUP : groupCodeOf(group);
  }
  return packed;
}
