import type { FromSchema } from 'json-schema-to-ts';
import { MACHINE_PROPERTIES, STATE_FIELDS, type StateField } from './machine';

const pick = <P extends object, K extends keyof P>(properties: P, keys: readonly K[]): Pick<P, K> =>
  Object.fromEntries(keys.map((key) => [key, properties[key]])) as Pick<P, K>;

/** One state of a machine, as its history keeps it: when the server saw it, and the machine's state fields. */
export const HISTORY_ENTRY_SCHEMA = {
  $id: 'HistoryEntry',
  type: 'object',
  required: ['at', ...STATE_FIELDS],
  additionalProperties: false,
  properties: {
    at: { type: 'string', format: 'date-time', description: 'When the server saw this state' },
    ...pick(MACHINE_PROPERTIES, STATE_FIELDS),
  },
} as const;

export type HistoryEntry = FromSchema<typeof HISTORY_ENTRY_SCHEMA>;
export type HistoryState = Omit<HistoryEntry, 'at'>;
export type { StateField };
