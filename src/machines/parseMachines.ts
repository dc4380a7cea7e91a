import type { Area, District, Machine, Status } from '../../shared/machine';
import { AREAS, BIN_COUNT_MAX, DISTRICTS, STATUSES, areaOfDistrict } from '../../shared/machine';
import { normaliseFeedTimestamp } from '../../shared/feedTimestamp';
import { isInsideMap } from '../../shared/mapBounds';

export type RejectReason =
  'not-an-object' | 'bad-id' | 'duplicate-id' | 'bad-coordinates' | 'swapped-coordinates' | 'outside-map';

export interface ParsedMachineList {
  /** The list call answered success: true with an array of machines. */
  ok: boolean;
  machines: Machine[];
  rejected: { index: number; reason: RejectReason }[];
}

const TEXT_FIELDS = ['name', 'address', 'service_hour'] as const;
const LOCALE_SUFFIXES = ['en', 'zht', 'zhs'] as const;
const MAX_TEXT_LENGTH = 500;
const MAX_ID_LENGTH = 100;

/** Fields the parser reads (or, for `stale`, which only the page sets); every other field passes through. */
const KNOWN_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'coordinates',
  'area',
  'district',
  'status',
  'under_maintenance',
  'service_status',
  ...TEXT_FIELDS.flatMap((field) => LOCALE_SUFFIXES.map((suffix) => `${field}_${suffix}`)),
  'picture',
  'thumbnail',
  'opening_hours',
  'bin_count',
  'bin_count_full_threshold',
  'deactivated',
  'last_emptied_at',
  'last_online',
  'last_full',
  'stale',
  '__proto__',
]);

/** Validates the list call's answer row by row: bad rows are left off, the rest is kept (spec §7, §8). */
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

  const district = (DISTRICTS as readonly unknown[]).includes(row.district) ? (row.district as District) : null;
  const area = district
    ? areaOfDistrict(district)
    : (AREAS as readonly unknown[]).includes(row.area)
      ? (row.area as Area)
      : null;
  const machine: Machine = {
    id,
    coordinates,
    area,
    district,
    status: (STATUSES as readonly unknown[]).includes(row.status) ? (row.status as Status) : null,
    under_maintenance:
      row.under_maintenance === true || row.under_maintenance === 1 || row.under_maintenance === 'true',
    service_status: parseServiceStatus(row.service_status),
    name_en: '',
    name_zht: '',
    name_zhs: '',
    address_en: '',
    address_zht: '',
    address_zhs: '',
    service_hour_en: '',
    service_hour_zht: '',
    service_hour_zhs: '',
    picture: parsePicture(row.picture),
    thumbnail: safeImageSource(row.thumbnail),
    opening_hours:
      typeof row.opening_hours === 'string' && row.opening_hours.trim() ? cleanText(row.opening_hours) : null,
    bin_count: parseCount(row.bin_count),
    bin_count_full_threshold: parseCount(row.bin_count_full_threshold),
    deactivated: row.deactivated === true || row.deactivated === 1 || row.deactivated === 'true',
    last_emptied_at: normaliseFeedTimestamp(row.last_emptied_at),
    last_online: normaliseFeedTimestamp(row.last_online),
    last_full: normaliseFeedTimestamp(row.last_full),
  };
  for (const field of TEXT_FIELDS) {
    for (const suffix of LOCALE_SUFFIXES) {
      const value = row[`${field}_${suffix}`];
      machine[`${field}_${suffix}`] = typeof value === 'string' ? cleanText(value) : '';
    }
  }
  const extra = machine as unknown as Record<string, unknown>;
  for (const key of Object.keys(row)) if (!KNOWN_FIELDS.has(key)) extra[key] = row[key];
  return machine;
}

/** A whole number of bins, or null. */
function parseCount(value: unknown): number | null {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(number) && number >= 0 && number <= BIN_COUNT_MAX ? number : null;
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
