import type { ExtraFields } from './extraFields';
import { MACHINE_FIELDS, PHOTO_FIELDS, type ApiMachine, type MachineField } from './machine';

/**
 * A machine as an import file or the feed gives it: the machine's fields but its photo, which comes by file name
 * (`photo`), plus the fields no known field claims, kept as they are.
 */

/** A bare file name: no folders, no leading dot, so it can never point outside its folder. */
export const PHOTO_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** The fields a row gives as the machine has them. */
export type StoredField = Exclude<MachineField, (typeof PHOTO_FIELDS)[number]>;
export const STORED_FIELDS = MACHINE_FIELDS.filter(
  (field): field is StoredField => !(PHOTO_FIELDS as readonly string[]).includes(field),
);

/** The photo's file name, looked up next to the data file (import) or in the photos folder (seed). */
export const ROW_PHOTO_FIELD = 'photo';

/** Every field a row may carry by name; any other is kept in `extra`. `picture` and `thumbnail` are read and
 * dropped, so that an API answer can be fed back. */
export const KNOWN_ROW_FIELDS: ReadonlySet<string> = new Set([...MACHINE_FIELDS, ROW_PHOTO_FIELD]);

/** One checked row: the machine's stored fields (texts trimmed, timestamps in UTC), its photo's name, its kept fields. */
export type MachineRow = Pick<ApiMachine, StoredField> & {
  photo: string | null;
  /** The row's fields that no known field claims, untouched; null when it has none. */
  extra: ExtraFields | null;
};
