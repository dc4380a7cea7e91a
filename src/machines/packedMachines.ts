import { DISPLAY_STATES, displayStateOf, showsAsMaintenance } from './displayState';
import type { Area, District, Machine } from '../../shared/machine';
import { AREAS, DISTRICTS } from '../../shared/machine';
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
  /**
   * The revision of the machine list packed (MachineList.revision): distinct for every packing of one store,
   * so the map layer tells by it which packing its GPU buffers hold.
   */
  readonly revision: number;
  /** Set when this packing was patched from an earlier one of the same machines (see repackMachines). */
  readonly changes: PackingChanges | null;
}

export interface PackingChanges {
  /** Revision of the packing this one was patched from (a number, so old packings can be collected). */
  readonly since: number;
  /** The rows whose position or any code differs from that packing, ascending. */
  readonly rows: Uint32Array;
}

/** The typed columns of a packing, without its bookkeeping. */
export type PackedColumns = Omit<PackedMachines, 'revision' | 'changes'>;

// Packings made outside a store (tests, benchmarks) number themselves downwards from -1, so that they never
// share a revision with each other or with a store's lists, which count upwards from 1.
let unownedRevisions = 0;
/** A revision for a packing that no machine list owns. */
export const unownedRevision = (): number => --unownedRevisions;

export const areaCodeOf = (area: Area | null): number => (area === null ? UNKNOWN_CODE : AREAS.indexOf(area) + 1);
export const districtCodeOf = (district: District | null): number =>
  district === null ? UNKNOWN_CODE : DISTRICTS.indexOf(district) + 1;
export const groupCodeOf = (group: StatusGroup): number => STATUS_GROUPS.indexOf(group);

const AREA_CODES = new Map(AREAS.map((a) => [a, areaCodeOf(a)]));
const DISTRICT_CODES = new Map(DISTRICTS.map((d) => [d, districtCodeOf(d)]));

function statusGroupOf(m: Machine): StatusGroup | null {
  if (showsAsMaintenance(m)) return 'maintenance';
  if (m.status === null) return null;
  for (const group of ['available', 'nearlyFull', 'full'] as const) {
    if (STATUSES_OF_GROUP[group].includes(m.status)) return group;
  }
  return null;
}

// One function per code column: packMachines fills the columns with them, repackMachines patches single rows.
export const machineStateCode = (m: Machine): number => DISPLAY_STATES.indexOf(displayStateOf(m));
export const machineAreaCode = (m: Machine): number => (m.area === null ? UNKNOWN_CODE : AREA_CODES.get(m.area)!);
export const machineDistrictCode = (m: Machine): number =>
  m.district === null ? UNKNOWN_CODE : DISTRICT_CODES.get(m.district)!;
export function machineGroupCode(m: Machine): number {
  const group = statusGroupOf(m);
  return group === null ? NO_GROUP : groupCodeOf(group);
}

export function packMachines(machines: readonly Machine[], revision: number = unownedRevision()): PackedMachines {
  const count = machines.length;
  const packed = {
    count,
    positions: new Float64Array(count * 2),
    stateCodes: new Uint8Array(count),
    areaCodes: new Uint8Array(count),
    districtCodes: new Uint8Array(count),
    groupCodes: new Uint8Array(count),
  };
  for (let i = 0; i < count; i++) {
    const m = machines[i]!;
    packed.positions[i * 2] = m.coordinates[1];
    packed.positions[i * 2 + 1] = m.coordinates[0];
    packed.stateCodes[i] = machineStateCode(m);
    packed.areaCodes[i] = machineAreaCode(m);
    packed.districtCodes[i] = machineDistrictCode(m);
    packed.groupCodes[i] = machineGroupCode(m);
  }
  return { ...packed, revision, changes: null };
}
