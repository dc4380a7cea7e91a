import { baseType, fieldSchema, STATE_FIELDS, type StateField } from '../../shared/contract/machine';
import type { HistoryState } from '../machines/history';

/**
 * A machine's state as the history table keeps it (both engines): a column per state field of the contract, in
 * SQLite booleans as 0 and 1.
 */
export const STATE_COLUMNS: readonly StateField[] = STATE_FIELDS;

const BOOLEAN_STATE_FIELDS = STATE_FIELDS.filter((field) => baseType(fieldSchema(field)) === 'boolean');

/** A state as SQLite stores it: booleans as 0 and 1. */
export type StoredState = { [F in StateField]: HistoryState[F] extends boolean ? number : HistoryState[F] };

/** SQLite's row (a state and whatever else it was read with) with its booleans read back. */
export function fromStoredState<T extends Record<StateField, unknown>>(row: T): Omit<T, StateField> & HistoryState {
  const state: Record<string, unknown> = { ...row };
  for (const field of BOOLEAN_STATE_FIELDS) state[field] = row[field] === 1;
  return state as Omit<T, StateField> & HistoryState;
}

/** The state as SQLite stores it. */
export function toStoredState(state: HistoryState): StoredState {
  const stored: Record<string, unknown> = { ...state };
  for (const field of BOOLEAN_STATE_FIELDS) stored[field] = state[field] ? 1 : 0;
  return stored as StoredState;
}
