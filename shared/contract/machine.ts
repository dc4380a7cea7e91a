import type { FromSchema } from 'json-schema-to-ts';
import { MAP_BOUNDS } from '../mapBounds';

/**
 * The machine's contract: every field a machine has, its type and its limits, declared once as JSON Schema (2020-12,
 * OpenAPI 3.1's dialect) from which json-schema-to-ts gives the TypeScript types (decision 0035). The route schemas
 * and the OpenAPI document, the import's and the feed's checks, the CSV columns, both engines' columns and the
 * page's parser are all read from here; what a schema cannot say (swapped coordinates, a district in its area, feed
 * timestamps without an offset) is written by hand in `checkMachine.ts`.
 */

/** Remaining capacity (docs/spec.md#enumerations). */
export const STATUSES = ['Full', '<=5%', '<=20%', '<=40%', '>40%'] as const;
export type Status = (typeof STATUSES)[number];

export const AREAS = ['HONG_KONG', 'KOWLOON', 'NEW_TERRITORIES'] as const;
export type Area = (typeof AREAS)[number];

export const DISTRICTS_BY_AREA = {
  HONG_KONG: ['CENTRAL & WESTERN', 'WAN CHAI', 'EASTERN', 'SOUTHERN'],
  KOWLOON: ['YAU TSIM MONG', 'SHAM SHUI PO', 'KOWLOON CITY', 'WONG TAI SIN', 'KWUN TONG'],
  NEW_TERRITORIES: [
    'KWAI TSING',
    'TSUEN WAN',
    'YUEN LONG',
    'TUEN MUN',
    'NORTH',
    'TAI PO',
    'SHA TIN',
    'SAI KUNG',
    'ISLANDS',
  ],
} as const satisfies Record<Area, readonly string[]>;

export type District = (typeof DISTRICTS_BY_AREA)[Area][number];
export const DISTRICTS: readonly District[] = /* @__PURE__ */ AREAS.flatMap((area) => DISTRICTS_BY_AREA[area]);

export function areaOfDistrict(district: District): Area {
  for (const area of AREAS) {
    if ((DISTRICTS_BY_AREA[area] as readonly string[]).includes(district)) return area;
  }
  throw new Error(`unknown district ${district}`);
}

/** The interface languages: every machine has its texts in each. */
export const LOCALES = ['en', 'zht', 'zhs'] as const;
export type Locale = (typeof LOCALES)[number];

/** The texts a machine has once per language, as `<text>_<locale>` fields. */
export const LOCALIZED_TEXTS = ['name', 'address', 'service_hour'] as const;
export type LocalizedText = (typeof LOCALIZED_TEXTS)[number];
export type LocalizedField = `${LocalizedText}_${Locale}`;
export const localizedField = <T extends LocalizedText, L extends Locale>(text: T, locale: L): `${T}_${L}` =>
  `${text}_${locale}`;

/** The longest text a machine's field may hold, in characters (after trimming). */
export const TEXT_MAX_CHARS = 200;
/** A machine id: letters, digits, "_" or "-". */
export const MACHINE_ID_MAX_CHARS = 64;
/** More bins than this in one machine is a typo, not a machine. */
export const BIN_COUNT_MAX = 1000;

const [[WEST, SOUTH], [EAST, NORTH]] = MAP_BOUNDS;

const text = { type: 'string', minLength: 1, maxLength: TEXT_MAX_CHARS } as const;
/** ISO 8601 in UTC as the API answers it; an import or an operator may give any offset, or none (Hong Kong time). */
const timestamp = { type: ['string', 'null'], format: 'date-time' } as const;
const binCount = { type: ['integer', 'null'], minimum: 0, maximum: BIN_COUNT_MAX } as const;

/** The same schema for one text in every language: `name_en`, `name_zht`, `name_zhs`. */
function perLocale<const T extends LocalizedText>(kind: T): { readonly [L in Locale as `${T}_${L}`]: typeof text } {
  return Object.fromEntries(LOCALES.map((locale) => [localizedField(kind, locale), text])) as never;
}

/**
 * Every field of a machine as the API sends it, in the order the import checks them. The page and the server agree
 * on these names; fields beyond them (kept from an import or the feed) follow as they were given.
 */
export const MACHINE_PROPERTIES = {
  id: { type: 'string', pattern: `^[A-Za-z0-9_-]{1,${MACHINE_ID_MAX_CHARS}}$` },
  coordinates: {
    type: 'array',
    prefixItems: [
      { type: 'number', minimum: SOUTH, maximum: NORTH },
      { type: 'number', minimum: WEST, maximum: EAST },
    ],
    items: false,
    minItems: 2,
  },
  area: { type: 'string', enum: AREAS },
  district: { type: 'string', enum: DISTRICTS as readonly District[] },
  status: { type: 'string', enum: STATUSES },
  under_maintenance: { type: 'boolean' },
  service_status: { type: 'integer' },
  ...perLocale('name'),
  ...perLocale('address'),
  ...perLocale('service_hour'),
  picture: { type: 'object', required: ['id'], properties: { id: { type: 'string' } }, additionalProperties: false },
  thumbnail: { type: ['string', 'null'] },
  opening_hours: { type: ['string', 'null'], maxLength: TEXT_MAX_CHARS },
  bin_count: binCount,
  bin_count_full_threshold: binCount,
  deactivated: { type: 'boolean', default: false },
  last_emptied_at: timestamp,
  last_online: timestamp,
  last_full: timestamp,
} as const;

export type MachineField = keyof typeof MACHINE_PROPERTIES;
export const MACHINE_FIELDS = Object.keys(MACHINE_PROPERTIES) as MachineField[];

/** Filled in by the server from the photo it stores, never taken from an import. */
export const PHOTO_FIELDS = ['picture', 'thumbnail'] as const satisfies readonly MachineField[];
/** The texts in every language: `name_en`, `name_zht`, ..., `service_hour_zhs`. */
export const LOCALIZED_FIELDS: readonly LocalizedField[] = /* @__PURE__ */ LOCALIZED_TEXTS.flatMap((kind) =>
  LOCALES.map((locale) => localizedField(kind, locale)),
);
/** The feed's report times (ISO 8601 in UTC). */
export const FEED_TIMESTAMP_FIELDS = [
  'last_emptied_at',
  'last_online',
  'last_full',
] as const satisfies readonly MachineField[];
export type FeedTimestampField = (typeof FEED_TIMESTAMP_FIELDS)[number];
/** The original feed's fields beyond the spec's table (issue 9): none of them is required of an import. */
export const FEED_FIELDS = [
  'bin_count',
  'bin_count_full_threshold',
  'deactivated',
  ...FEED_TIMESTAMP_FIELDS,
] as const satisfies readonly MachineField[];
export type FeedField = (typeof FEED_FIELDS)[number];
/** A machine's state: what its history records each time it changes (`GET /api/rvm/:id/history`). */
export const STATE_FIELDS = [
  'status',
  'under_maintenance',
  'service_status',
  ...FEED_FIELDS,
] as const satisfies readonly MachineField[];
export type StateField = (typeof STATE_FIELDS)[number];

/** `picture` is "present or absent" (docs/spec.md#the-machine); every other field is always sent, null when unknown. */
type AlwaysSent = Exclude<MachineField, 'picture'>;
const ALWAYS_SENT = /* @__PURE__ */ MACHINE_FIELDS.filter((field): field is AlwaysSent => field !== 'picture');

/** The schema of a machine as the list call, the operator's update and the event stream send it. */
export const MACHINE_SCHEMA = {
  $id: 'Machine',
  type: 'object',
  required: ALWAYS_SENT,
  properties: MACHINE_PROPERTIES,
  // The fields an import or the feed kept beyond these follow as given (a closed response schema would make
  // Fastify's serializer drop them).
  additionalProperties: true,
} as const;

/**
 * A machine as the API sends it: the schema's fields (the kept ones are untyped, so not in the type).
 * json-schema-to-ts reads no `prefixItems`, so the coordinates' tuple is written here.
 */
export type ApiMachine = Omit<
  FromSchema<Omit<typeof MACHINE_SCHEMA, 'additionalProperties'> & { additionalProperties: false }>,
  'coordinates'
> & {
  /** [latitude, longitude] */
  coordinates: [number, number];
};

/** What the schema of one field says, as far as the checks and the page's parser read it. */
export interface FieldSchema {
  type: string | readonly string[];
  enum?: readonly unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  format?: string;
  default?: unknown;
}

export const fieldSchema = (field: MachineField): FieldSchema => MACHINE_PROPERTIES[field] as FieldSchema;
export const isNullable = (schema: FieldSchema): boolean => Array.isArray(schema.type) && schema.type.includes('null');
/** The field's type without null: 'string', 'integer', 'number', 'boolean', 'array' or 'object'. */
export const baseType = (schema: FieldSchema): string =>
  Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null')! : (schema.type as string);
