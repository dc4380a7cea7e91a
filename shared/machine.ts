/** The machine as the API sends it (spec §3). Fields the parser cannot trust are typed loosely in `RawMachine`. */
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
export const DISTRICTS: readonly District[] = AREAS.flatMap((area) => DISTRICTS_BY_AREA[area]);

export const LOCALES = ['en', 'zht', 'zhs'] as const;
export type Locale = (typeof LOCALES)[number];

/** More bins than this in one machine is a typo, not a machine (page parser and server import alike). */
export const BIN_COUNT_MAX = 1000;

export interface Machine {
  id: string;
  /** [latitude, longitude] */
  coordinates: [number, number];
  /** null in the page when the server sent an unknown area (then only 'All' matches it). */
  area: Area | null;
  /** null in the page when the server sent an unknown district. */
  district: District | null;
  /** null in the page when the server sent an unknown status (shown as maintenance, spec §4). */
  status: Status | null;
  under_maintenance: boolean;
  /** 1 means out of service */
  service_status: number;
  name_en: string;
  name_zht: string;
  name_zhs: string;
  address_en: string;
  address_zht: string;
  address_zhs: string;
  service_hour_en: string;
  service_hour_zht: string;
  service_hour_zhs: string;
  picture?: { id: string } | null;
  thumbnail?: string | null;
  /** OpenStreetMap opening_hours syntax, when the operator gave structured hours. */
  opening_hours?: string | null;
  // The original feed's extra fields (issue 9), each optional. Timestamps are ISO 8601 in UTC.
  /** Number of bins in the machine. */
  bin_count?: number | null;
  /** How many bins must be full for the machine to report Full. */
  bin_count_full_threshold?: number | null;
  /** A deactivated machine is not shown at all. */
  deactivated?: boolean;
  last_emptied_at?: string | null;
  /** The machine's last report; older than the stale threshold, its status is not trusted. */
  last_online?: string | null;
  /** When the machine became Full. */
  last_full?: string | null;
  /** Set by the page, never by the feed: `last_online` is older than the stale threshold (freshness/). */
  stale?: boolean;
  // Fields the page does not know stay on the object untouched (parseMachine), untyped: they reach the host with a card click.
}

export function areaOfDistrict(district: District): Area {
  for (const area of AREAS) {
    if ((DISTRICTS_BY_AREA[area] as readonly string[]).includes(district)) return area;
  }
  throw new Error(`unknown district ${district}`);
}
