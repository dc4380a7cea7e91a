import type { Machine } from '../../shared/machine';

/** The row of each machine id in `list`. */
export function idRows(list: readonly Machine[]): ReadonlyMap<string, number> {
  return new Map(list.map((m, i) => [m.id, i]));
}

/** Finds a machine of one list by id. */
export interface MachineLookup {
  get(id: string): Machine | undefined;
  has(id: string): boolean;
}

export function machineLookup(list: readonly Machine[], rows: ReadonlyMap<string, number>): MachineLookup {
  const get = (id: string) => {
    const row = rows.get(id);
    return row === undefined ? undefined : list[row];
  };
  return { get, has: (id) => get(id) !== undefined };
}

/** 0, 1, … count - 1. */
export function rowRange(count: number): Uint32Array {
  const rows = new Uint32Array(count);
  for (let i = 0; i < count; i++) rows[i] = i;
  return rows;
}
