import {
  AREAS,
  areaOfDistrict,
  baseType,
  fieldSchema,
  isNullable,
  MACHINE_FIELDS,
  type District,
  type MachineField,
} from '../../shared/contract/machine';
import type { Machine } from '../../shared/machine';
import { normaliseFeedTimestamp } from '../../shared/feedTimestamp';
import { isInsideMap } from '../../shared/mapBounds';
import { isRecord } from '../../shared/isRecord';

export type RejectReason =
  'not-an-object' | 'bad-id' | 'duplicate-id' | 'bad-coordinates' | 'swapped-coordinates' | 'outside-map';

export interface ParsedMachineList {
  /** The list call answered success: true with an array of machines. */
  ok: boolean;
  machines: Machine[];
  rejected: { index: number; reason: RejectReason }[];
}

/**
 * The page reads leniently, unlike the server's check (decision 0035): a machine is left off only when it cannot be
 * placed (no id, no coordinates inside the map); any other bad value is read as unknown and the rest of the row kept.
 * Texts and ids are capped more generously than the server's limits, so that a machine from another server is shown
 * rather than lost.
 */
const MAX_TEXT_LENGTH = 500;
const MAX_ID_LENGTH = 100;

/** Fields read by hand: the id and coordinates decide whether a row is a machine, the area follows its district,
 * a photo's id and URL must be safe to load. */
const BY_HAND: ReadonlySet<MachineField> = new Set(['id', 'coordinates', 'area', 'picture', 'thumbnail']);

/** Fields the parser reads (or, for `stale`, which only the page sets); every other field passes through. */
const KNOWN_FIELDS: ReadonlySet<string> = new Set([...MACHINE_FIELDS, 'stale', '__proto__']);

/** How each other field of the contract is read, from its schema: a value it does not allow is unknown. */
function readerOf(field: MachineField): (value: unknown) => unknown {
  const schema = fieldSchema(field);
  const { enum: allowed, minimum = 0, maximum = Infinity } = schema;
  if (allowed) return (value) => (allowed.includes(value) ? value : null);
  switch (baseType(schema)) {
    case 'boolean':
      return (value) => value === true || value === 1 || value === 'true';
    case 'integer':
      return isNullable(schema) ? (value) => parseCount(value, minimum, maximum) : parseServiceStatus;
    default: {
      if (schema.format === 'date-time') return normaliseFeedTimestamp;
      const none = isNullable(schema) ? null : '';
      return (value) => (typeof value === 'string' && value.trim() ? cleanText(value) : none);
    }
  }
}

const READ_FIELDS = MACHINE_FIELDS.filter((field) => !BY_HAND.has(field));
const READERS = READ_FIELDS.map(readerOf);
/** Every field of the contract, in its order: each machine starts as a copy, so all have one shape (2x faster). */
const BLANK_MACHINE: Readonly<Record<string, unknown>> = Object.fromEntries(
  MACHINE_FIELDS.map((field) => [field, null]),
);

/** Checks the list call's answer row by row: a bad row is left off, the rest kept (docs/spec.md#validation-rules). */
export function parseMachineList(body: unknown): ParsedMachineList {
  if (!isRecord(body) || body.success !== true || !Array.isArray(body.rvms)) {
    return { ok: false, machines: [], rejected: [] };
  }
  const machines: Machine[] = [];
  const rejected: ParsedMachineList['rejected'] = [];
  const seen = new Set<string>();
  body.rvms.forEach((row: unknown, index) => {
    const result = parseMachine(row);
    if (typeof result === 'string') return rejected.push({ index, reason: result });
    if (seen.has(result.id)) return rejected.push({ index, reason: 'duplicate-id' });
    seen.add(result.id);
    machines.push(result);
  });
  return { ok: true, machines, rejected };
}

export function parseMachine(row: unknown): Machine | RejectReason {
  if (!isRecord(row)) return 'not-an-object';
  const id = typeof row.id === 'number' && Number.isFinite(row.id) ? String(row.id) : row.id;
  if (typeof id !== 'string' || id.trim() === '' || id.length > MAX_ID_LENGTH) return 'bad-id';
  const coordinates = parseCoordinates(row.coordinates);
  if (typeof coordinates === 'string') return coordinates;

  const machine: Record<string, unknown> = { ...BLANK_MACHINE, id, coordinates };
  for (let i = 0; i < READ_FIELDS.length; i++) machine[READ_FIELDS[i]!] = READERS[i]!(row[READ_FIELDS[i]!]);
  const district = machine.district as District | null;
  machine.area = district
    ? areaOfDistrict(district)
    : (AREAS as readonly unknown[]).includes(row.area)
      ? row.area
      : null;
  machine.picture = parsePicture(row.picture);
  machine.thumbnail = safeImageSource(row.thumbnail);
  for (const key of Object.keys(row)) if (!KNOWN_FIELDS.has(key)) machine[key] = row[key];
  return machine as Machine;
}

/** A whole number within the field's bounds (a count of bins), or null. */
function parseCount(value: unknown, minimum: number, maximum: number): number | null {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(number) && number >= minimum && number <= maximum ? number : null;
}

/** Only numbers and numeric strings: Number() on an arbitrary object can throw or run its valueOf. */
function parseServiceStatus(value: unknown): number {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : 0;
}

function parsePicture(value: unknown): { id: string } | null {
  if (!isRecord(value) || typeof value.id !== 'string') return null;
  const id = value.id.trim();
  return id && id.length <= MAX_ID_LENGTH ? { id } : null;
}

/** Trimmed and capped, never cutting a surrogate pair in half. */
function cleanText(value: string): string {
  const text = value.trim();
  if (text.length <= MAX_TEXT_LENGTH) return text;
  const cut = /[\uD800-\uDBFF]/.test(text.charAt(MAX_TEXT_LENGTH - 1)) ? MAX_TEXT_LENGTH - 1 : MAX_TEXT_LENGTH;
  // Trimmed again, so that reading the result once more gives the same text.
  return text.slice(0, cut).trimEnd();
}

function parseCoordinates(value: unknown): [number, number] | RejectReason {
  if (!Array.isArray(value) || value.length !== 2) return 'bad-coordinates';
  const [lat, lng] = value.map((v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v));
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) {
    return 'bad-coordinates';
  }
  if (isInsideMap(lat, lng)) return [lat, lng];
  return isInsideMap(lng, lat) ? 'swapped-coordinates' : 'outside-map';
}

/** Only same-origin paths and http(s) URLs may become an image source. */
function safeImageSource(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https?:\/\//i.test(value) ? value : null;
}
