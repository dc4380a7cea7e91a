import type { ApiMachine } from './apiMachine';
import type { MachineRow } from './validate';

/** One state of a machine, as `GET /api/rvm/:id/history` answers it. */
export interface HistoryEntry {
  at: string;
  status: string | null;
  under_maintenance: boolean;
  service_status: number;
  deactivated: boolean;
  bin_count: number | null;
  bin_count_full_threshold: number | null;
  last_online: string | null;
  last_emptied_at: string | null;
  last_full: string | null;
}

export type HistoryState = Omit<HistoryEntry, 'at'>;

export const stateOf = (machine: ApiMachine | MachineRow): HistoryState => ({
  status: machine.status,
  under_maintenance: machine.under_maintenance,
  service_status: machine.service_status,
  deactivated: machine.deactivated,
  bin_count: machine.bin_count,
  bin_count_full_threshold: machine.bin_count_full_threshold,
  last_online: machine.last_online,
  last_emptied_at: machine.last_emptied_at,
  last_full: machine.last_full,
});

const COMPARED_FIELDS = [
  'status',
  'under_maintenance',
  'service_status',
  'deactivated',
  'bin_count',
  'bin_count_full_threshold',
  'last_emptied_at',
  'last_full',
] as const satisfies readonly (keyof HistoryState)[];

/**
 * A new report time alone is no new state: a feed that stamps `last_online` on every machine each minute would
 * otherwise write a history entry per machine per minute.
 */
export const sameHistoryState = (a: HistoryState, b: HistoryState): boolean =>
  COMPARED_FIELDS.every((field) => a[field] === b[field]);

export const sameState = (a: ApiMachine, b: ApiMachine): boolean => sameHistoryState(stateOf(a), stateOf(b));
