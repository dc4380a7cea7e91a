import { STATE_FIELDS, type StateField } from '../../shared/contract/machine';
import type { HistoryEntry, HistoryState } from '../../shared/contract/history';
import type { MachineRow } from '../../shared/contract/machineRow';
import type { ApiMachine } from './apiMachine';

export type { HistoryEntry, HistoryState };

export const stateOf = (machine: ApiMachine | MachineRow): HistoryState =>
  Object.fromEntries(STATE_FIELDS.map((field) => [field, machine[field]])) as HistoryState;

/** The report time: it moves with every report, whatever the machine's state. */
const REPORT_TIME: StateField = 'last_online';
const COMPARED_FIELDS = STATE_FIELDS.filter((field) => field !== REPORT_TIME);

/**
 * A new report time alone is no new state: a feed that stamps the report time on every machine each minute would
 * otherwise write a history entry per machine per minute.
 */
export const sameHistoryState = (a: HistoryState, b: HistoryState): boolean =>
  COMPARED_FIELDS.every((field) => a[field] === b[field]);

export const sameState = (a: ApiMachine, b: ApiMachine): boolean => sameHistoryState(stateOf(a), stateOf(b));
