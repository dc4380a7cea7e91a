import {
  AREAS,
  DISTRICTS,
  DISTRICTS_BY_AREA,
  STATUSES,
  type Area,
  type District,
  type Machine,
  type Status,
} from '../../shared/machine';
import { isInsideMap, MAP_BOUNDS } from '../../shared/mapBounds';
import { collectExtraFields, type ExtraFields } from './extraFields';
import { checkFeedFields, FEED_FIELDS, type FeedFields } from './feedFields';
import { rowShapeProblem } from './rowShape';
import { showText, showValue as show } from './showValue';

/**
 * One machine as the seed and import files give it: the API fields minus photos, plus the photo's file
 * name and the fields no known field claims.
 */
export type MachineRow = Omit<
  Machine,
  'picture' | 'thumbnail' | 'area' | 'district' | 'status' | 'opening_hours' | keyof FeedFields
> &
  FeedFields & {
    area: Area;
    district: District;
    status: Status;
    opening_hours: string | null;
    /** A photo file name, looked up next to the data file (import) or in the photos folder (seed). */
    photo: string | null;
    /** The row's fields that no known field claims, untouched; null when it has none. */
    extra: ExtraFields | null;
  };

export const MACHINE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** A bare file name: no folders, no leading dot, so it can never point outside its folder. */
export const PHOTO_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
export const TEXT_MAX_CHARS = 200;

export const TEXT_FIELDS = [
  'name_en',
  'name_zht',
  'name_zhs',
  'address_en',
  'address_zht',
  'address_zhs',
  'service_hour_en',
  'service_hour_zht',
  'service_hour_zhs',
] as const;

/** Every field a row may carry by name; any other field is kept in `extra`. */
export const KNOWN_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'coordinates',
  'area',
  'district',
  'status',
  'under_maintenance',
  'service_status',
  ...TEXT_FIELDS,
  'opening_hours',
  ...FEED_FIELDS,
  'photo',
  // Accepted so an API answer can be fed back, but ignored: photos come from `photo`.
  'picture',
  'thumbnail',
]);

const [[MIN_LNG, MIN_LAT], [MAX_LNG, MAX_LAT]] = MAP_BOUNDS;

export type RowResult = { ok: true; row: MachineRow } | { ok: false; errors: string[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const inRange = (value: number, min: number, max: number): boolean => value >= min && value <= max;

/**
 * Checks one row. `rowNumber` is how the user finds the row in their file; every error names it,
 * e.g. `row 12 (RVM-012): district "KOWLON CITY" is not a known district`.
 */
export function validateMachineRow(input: unknown, rowNumber: number): RowResult {
  if (!isRecord(input)) return { ok: false, errors: [`row ${rowNumber}: is not an object`] };
  const errors: string[] = [];
  const label = (): string =>
    typeof input.id === 'string' && input.id ? `row ${rowNumber} (${showText(input.id)})` : `row ${rowNumber}`;
  const fail = (message: string): void => void errors.push(`${label()}: ${message}`);
  const shape = rowShapeProblem(input);
  if (shape !== null) return { ok: false, errors: [`${label()}: ${shape}`] };

  const { id, coordinates, area, district, status, under_maintenance, service_status } = input;
  if (typeof id !== 'string' || !MACHINE_ID_PATTERN.test(id)) {
    fail(`id ${show(id)} must be 1 to 64 letters, digits, "_" or "-"`);
  }

  if (!Array.isArray(coordinates) || coordinates.length !== 2) {
    fail(`coordinates ${show(coordinates)} must be [latitude, longitude]`);
  } else {
    const [lat, lng] = coordinates as unknown[];
    const latOk = typeof lat === 'number' && Number.isFinite(lat);
    const lngOk = typeof lng === 'number' && Number.isFinite(lng);
    if (!latOk) fail(`latitude ${show(lat)} is not a number`);
    if (!lngOk) fail(`longitude ${show(lng)} is not a number`);
    if (latOk && lngOk) {
      if (isInsideMap(lng, lat)) {
        fail(`coordinates [${lat}, ${lng}] look swapped: give latitude first, then longitude`);
      } else {
        if (!inRange(lat, MIN_LAT, MAX_LAT)) fail(`latitude ${lat} is outside the map (${MIN_LAT} to ${MAX_LAT})`);
        if (!inRange(lng, MIN_LNG, MAX_LNG)) fail(`longitude ${lng} is outside the map (${MIN_LNG} to ${MAX_LNG})`);
      }
    }
  }

  const areaOk = typeof area === 'string' && (AREAS as readonly string[]).includes(area);
  if (!areaOk) fail(`area ${show(area)} is not one of ${AREAS.join(', ')}`);
  if (typeof district !== 'string' || !(DISTRICTS as readonly string[]).includes(district)) {
    fail(`district ${show(district)} is not a known district`);
  } else if (areaOk && !(DISTRICTS_BY_AREA[area as Area] as readonly string[]).includes(district)) {
    const owner = AREAS.find((candidate) => (DISTRICTS_BY_AREA[candidate] as readonly string[]).includes(district));
    fail(`district "${district}" belongs to ${owner ?? 'another area'}, not ${area}`);
  }

  if (typeof status !== 'string' || !(STATUSES as readonly string[]).includes(status)) {
    fail(`status ${show(status)} is not one of ${STATUSES.join(', ')}`);
  }
  if (typeof under_maintenance !== 'boolean')
    fail(`under_maintenance ${show(under_maintenance)} must be true or false`);
  if (typeof service_status !== 'number' || !Number.isSafeInteger(service_status)) {
    fail(`service_status ${show(service_status)} must be a whole number`);
  }

  const texts: Partial<Record<(typeof TEXT_FIELDS)[number], string>> = {};
  for (const field of TEXT_FIELDS) {
    const value = input[field];
    const text = checkText(value, false);
    if (text === undefined) fail(`${field} ${show(value)} must be text of 1 to ${TEXT_MAX_CHARS} characters`);
    else if (text !== null) texts[field] = text;
  }

  const openingHours = checkText(input.opening_hours, true);
  if (openingHours === undefined) {
    fail(`opening_hours ${show(input.opening_hours)} must be empty or text of up to ${TEXT_MAX_CHARS} characters`);
  }

  const photo = input.photo ?? null;
  if (photo !== null && (typeof photo !== 'string' || !PHOTO_NAME_PATTERN.test(photo))) {
    fail(`photo ${show(photo)} must be a plain file name such as rvm-001.png`);
  }

  const feedFields = checkFeedFields(input, fail);
  const extra = collectExtraFields(input, KNOWN_FIELDS, fail);

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    row: {
      id: id as string,
      coordinates: coordinates as [number, number],
      area: area as Area,
      district: district as District,
      status: status as Status,
      under_maintenance: under_maintenance as boolean,
      service_status: service_status as number,
      ...(texts as Record<(typeof TEXT_FIELDS)[number], string>),
      opening_hours: openingHours ?? null,
      ...feedFields,
      photo: photo as string | null,
      extra,
    },
  };
}

/** Trimmed text; null when absent and allowed; undefined when invalid. */
function checkText(value: unknown, optional: boolean): string | null | undefined {
  if (value === undefined || value === null) return optional ? null : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text.length === 0) return optional ? null : undefined;
  return text.length <= TEXT_MAX_CHARS ? text : undefined;
}

export type RowsResult = { ok: true; rows: MachineRow[] } | { ok: false; errors: string[] };

/** A row as read from a file, with the number the user sees for it (1-based; a CSV header is row 1). */
export interface NumberedRow {
  rowNumber: number;
  value: unknown;
}

/**
 * Checks rows one at a time as a file is read, and that no id appears twice. Only the checked rows are
 * kept, so a large file never has to be in memory as read.
 */
export class RowsCheck {
  private readonly errors: string[] = [];
  private readonly rows: MachineRow[] = [];
  private readonly seen = new Map<string, number>();
  count = 0;

  add({ rowNumber, value }: NumberedRow): void {
    this.count += 1;
    const result = validateMachineRow(value, rowNumber);
    if (result.ok) this.rows.push(result.row);
    else this.errors.push(...result.errors);

    // An id that is not valid is reported already; only valid ones can clash.
    const id = isRecord(value) && typeof value.id === 'string' ? value.id : undefined;
    if (id === undefined || !MACHINE_ID_PATTERN.test(id)) return;
    const first = this.seen.get(id);
    if (first === undefined) this.seen.set(id, rowNumber);
    else this.errors.push(`row ${rowNumber} (${id}): duplicate id, first used in row ${first}`);
  }

  result(): RowsResult {
    return this.errors.length > 0 ? { ok: false, errors: this.errors } : { ok: true, rows: this.rows };
  }
}

/** Checks every row and that no id appears twice. */
export function validateMachineRows(inputs: Iterable<NumberedRow>): RowsResult {
  const check = new RowsCheck();
  for (const input of inputs) check.add(input);
  return check.result();
}
