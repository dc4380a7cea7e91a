import { editOf } from './listEdits';
import type { Machine } from '../../shared/machine';

const rowsByList = new WeakMap<readonly Machine[], ReadonlyMap<string, number>>();

/**
 * The row of each machine id in `list`. A list made by replacing rows of another (a live change) whose
 * ids stayed the same shares that list's map, so a change costs no pass over a large list.
 */
export function machineRows(list: readonly Machine[]): ReadonlyMap<string, number> {
  let rows = rowsByList.get(list);
  if (!rows) {
    const edit = editOf(list);
    const before = edit && rowsByList.get(edit.from);
    const sameIds = edit && edit.from.length === list.length && edit.rows.every((i) => list[i]?.id === edit.from[i]?.id);
    rows = before && sameIds ? before : new Map(list.map((m, i) => [m.id, i]));
    rowsByList.set(list, rows);
  }
  return rows;
}

/** Finds a machine of one list by id. */
export interface MachineLookup {
  get(id: string): Machine | undefined;
  has(id: string): boolean;
}

export function machineLookup(list: readonly Machine[]): MachineLookup {
  const rows = machineRows(list);
  const get = (id: string) => {
    const row = rows.get(id);
    return row === undefined ? undefined : list[row];
  };
  return { get, has: (id) => get(id) !== undefined };
}
