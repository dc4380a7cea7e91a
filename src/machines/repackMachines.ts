import type { Machine } from '../../shared/machine';
import {
  machineAreaCode,
  machineDistrictCode,
  machineGroupCode,
  machineStateCode,
  unownedRevision,
  packMachines,
  type PackedColumns,
  type PackedMachines,
} from './packedMachines';

type CodeColumn = 'stateCodes' | 'areaCodes' | 'districtCodes' | 'groupCodes';
const CODE_COLUMNS: readonly (readonly [CodeColumn, (m: Machine) => number])[] = [
  ['stateCodes', machineStateCode],
  ['areaCodes', machineAreaCode],
  ['districtCodes', machineDistrictCode],
  ['groupCodes', machineGroupCode],
];
type Column = 'positions' | CodeColumn;

/** Above this share of new machine objects, packing every row and comparing columns is faster than patching. */
const PATCH_MAX_SHARE = 1 / 8;

/**
 * The packing of `machines`, the same columns as `packMachines(machines)`, made from the packing of
 * `previousMachines` when both lists are as long: a column no row of which changed is shared, not
 * copied, and `changes` lists the rows that differ; `previous` itself when nothing differs. When the
 * caller knows the rows a live change replaced (`replaced`), no row is compared; else the rows holding
 * new machine objects are patched, unless they are many (a reload of the same machines): then every
 * row is packed and the columns that came out the same are still shared. Packs from scratch when the
 * lengths differ or a patched row holds another machine (id). A new packing takes `revision`.
 */
export function repackMachines(
  previousMachines: readonly Machine[],
  previous: PackedMachines,
  machines: readonly Machine[],
  replaced?: readonly number[],
  revision: number = unownedRevision(),
): PackedMachines {
  if (machines === previousMachines) return previous;
  const count = machines.length;
  if (count !== previousMachines.length || count !== previous.count) return packMachines(machines, revision);
  const rows = replaced ?? rowsWithNewMachines(previousMachines, machines);
  if (rows === 'other machines') return packMachines(machines, revision);
  if (rows === 'many') return shareUnchanged(previous, packMachines(machines, revision), revision);
  return patchRows(previous, machines, rows, revision);
}

/**
 * The rows holding a new machine object, ascending; 'other machines' when a row holds another id;
 * 'many' as soon as they are too many to patch one by one (a reload makes every object new).
 */
function rowsWithNewMachines(
  previousMachines: readonly Machine[],
  machines: readonly Machine[],
): number[] | 'other machines' | 'many' {
  const rows: number[] = [];
  const most = machines.length * PATCH_MAX_SHARE;
  for (let i = 0; i < machines.length; i++) {
    const m = machines[i]!;
    const was = previousMachines[i]!;
    if (m === was) continue;
    if (m.id !== was.id) return 'other machines';
    if (rows.push(i) > most) return 'many';
  }
  return rows;
}

function patchRows(
  previous: PackedMachines,
  machines: readonly Machine[],
  candidates: readonly number[],
  revision: number,
): PackedMachines {
  let positions = previous.positions;
  const columns: Record<CodeColumn, Uint8Array> = {
    stateCodes: previous.stateCodes,
    areaCodes: previous.areaCodes,
    districtCodes: previous.districtCodes,
    groupCodes: previous.groupCodes,
  };
  const changed = new Set<number>();
  for (const i of candidates) {
    const m = machines[i]!;
    const [lat, lon] = m.coordinates;
    // Object.is, so that -0 and NaN compare as the stored values do.
    if (!Object.is(positions[i * 2], lon) || !Object.is(positions[i * 2 + 1], lat)) {
      if (positions === previous.positions) positions = positions.slice();
      positions[i * 2] = lon;
      positions[i * 2 + 1] = lat;
      changed.add(i);
    }
    for (const [name, codeOf] of CODE_COLUMNS) {
      const code = codeOf(m);
      if (columns[name][i] === code) continue;
      if (columns[name] === previous[name]) columns[name] = previous[name].slice();
      columns[name][i] = code;
      changed.add(i);
    }
  }
  return withChanges(
    previous,
    { count: previous.count, positions, ...columns },
    Uint32Array.from(changed).sort(),
    revision,
  );
}

/** `fresh`, but every column equal to the previous packing's is that column, so it stays shared. */
function shareUnchanged(previous: PackedMachines, fresh: PackedMachines, revision: number): PackedMachines {
  const changed = new Uint8Array(fresh.count);
  // Compared as raw 32-bit words: exact (-0 and NaN included) and much faster than Object.is per value.
  const column = <K extends Column>(name: K): PackedMachines[K] => {
    const was = words(previous[name]);
    const now = words(fresh[name]);
    const perRow = now.length / fresh.count;
    let same = true;
    for (let k = 0; k < now.length; k++) {
      if (was[k] === now[k]) continue;
      same = false;
      changed[Math.floor(k / perRow)] = 1;
    }
    return same ? previous[name] : fresh[name];
  };
  const columns: PackedColumns = {
    count: fresh.count,
    positions: column('positions'),
    stateCodes: column('stateCodes'),
    areaCodes: column('areaCodes'),
    districtCodes: column('districtCodes'),
    groupCodes: column('groupCodes'),
  };
  const rows: number[] = [];
  for (let i = 0; i < fresh.count; i++) if (changed[i]) rows.push(i);
  return withChanges(previous, columns, Uint32Array.from(rows), revision);
}

const words = (column: Float64Array | Uint8Array): Uint32Array | Uint8Array =>
  column instanceof Float64Array ? new Uint32Array(column.buffer, column.byteOffset, column.length * 2) : column;

function withChanges(
  previous: PackedMachines,
  columns: PackedColumns,
  rows: Uint32Array,
  revision: number,
): PackedMachines {
  if (rows.length === 0) return previous;
  return { ...columns, revision, changes: { since: previous.revision, rows } };
}
