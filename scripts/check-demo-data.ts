/**
 * Validity check for the demo data set `assets/demo/machines.json`.
 *
 * Run: `npx tsx scripts/check-demo-data.ts [path/to/machines.json]`
 *
 * Prints one error line per problem (prefixed with the row's id or index),
 * then a summary (counts per area, district and status), and exits with
 * code 1 if any problem was found, 0 otherwise.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AREAS,
  DISTRICTS,
  DISTRICTS_BY_AREA,
  STATUSES,
  areaOfDistrict,
  type Area,
  type District,
} from '../shared/machine';
import { parseFeedTimestamp } from '../shared/feedTimestamp';

const HERE = dirname(fileURLToPath(import.meta.url));
const DEFAULT_FILE = resolve(HERE, '../assets/demo/machines.json');

/** Hong Kong bounding box the coordinates must fall in. */
export const HK_BOX = { minLat: 22.1333, maxLat: 22.5833, minLng: 113.8167, maxLng: 114.5167 } as const;
export const MIN_MACHINES = 120;
export const MIN_PER_DISTRICT = 4;

const STRING_FIELDS = [
  'id',
  'name_en',
  'name_zht',
  'name_zhs',
  'address_en',
  'address_zht',
  'address_zhs',
  'service_hour_en',
  'service_hour_zht',
  'service_hour_zhs',
  'opening_hours',
] as const;
const REQUIRED_FIELDS = [
  ...STRING_FIELDS,
  'coordinates',
  'area',
  'district',
  'status',
  'under_maintenance',
  'service_status',
] as const;
const OPTIONAL_FIELDS = ['photo', 'bin_count', 'bin_count_full_threshold', 'deactivated', 'last_emptied_at', 'last_full'] as const;
/** Written with an explicit offset, as the real feed's times are. */
const FEED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;
const ALLOWED_FIELDS = new Set<string>([...REQUIRED_FIELDS, ...OPTIONAL_FIELDS]);

/** Characters that only exist in Traditional Chinese: none may appear in a `_zhs` field. */
export const TRADITIONAL_ONLY = [
  ...'東灣環場區號廣龍門體飯園臺國會車醫學馬鐵樂華廳館運動開關島灘頭嶺圖書長貢將軍觀鑽蓮橋業興營鄉綜劇達時間鴨葉雲鳳紅聖壩窩碼',
];
/** Characters that only exist in Simplified Chinese: none may appear in a `_zht` field. */
export const SIMPLIFIED_ONLY = [
  ...'东湾环场区号广龙门体饭园国会车医学马铁乐华厅馆运动开关岛滩头岭图书长贡将军观钻莲桥业兴营乡综剧达时间鸭叶云凤红圣坝窝码',
];

/** Markup-ish or otherwise unwanted characters in display text (plain text only). */
const UNWANTED_CHARS = /[<>&"`\\{}\u200b-\u200f\ufeff]/u;
const hasControlChar = (s: string): boolean => [...s].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
const CJK = /[\u3400-\u9fff\uf900-\ufaff\u{20000}-\u{3134f}]/u;
const CJK_GLOBAL = /[\u3400-\u9fff\uf900-\ufaff\u{20000}-\u{3134f}]/gu;
const TIME_RANGE = /\b([01]\d|2[0-4]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)\b/g;

type Row = Record<string, unknown>;

const OSM_DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
const EN_DAYS: Record<string, string> = {
  mon: 'Mo',
  monday: 'Mo',
  mondays: 'Mo',
  tue: 'Tu',
  tuesday: 'Tu',
  tuesdays: 'Tu',
  wed: 'We',
  wednesday: 'We',
  wednesdays: 'We',
  thu: 'Th',
  thursday: 'Th',
  thursdays: 'Th',
  fri: 'Fr',
  friday: 'Fr',
  fridays: 'Fr',
  sat: 'Sa',
  saturday: 'Sa',
  saturdays: 'Sa',
  sun: 'Su',
  sunday: 'Su',
  sundays: 'Su',
  'public holiday': 'PH',
  'public holidays': 'PH',
};

/** Day key (Mo..Su, PH) -> "HH:MM-HH:MM[,HH:MM-HH:MM]" or "off". */
type Schedule = Map<string, string>;

function expandDayRange(from: string, to: string): string[] | null {
  const a = OSM_DAYS.indexOf(from as (typeof OSM_DAYS)[number]);
  const b = OSM_DAYS.indexOf(to as (typeof OSM_DAYS)[number]);
  if (a < 0 || b < 0) return null;
  const out: string[] = [];
  for (let i = a; ; i = (i + 1) % 7) {
    out.push(OSM_DAYS[i] as string);
    if (i === b) break;
  }
  return out;
}

function validTimes(spec: string): boolean {
  return spec.split(',').every((span) => {
    const m = /^(\d\d):(\d\d)-(\d\d):(\d\d)$/.exec(span);
    if (!m) return false;
    const [h1, m1, h2, m2] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
    const start = h1 * 60 + m1;
    const end = h2 * 60 + m2;
    return h1 <= 24 && h2 <= 24 && m1 < 60 && m2 < 60 && start < end && end <= 24 * 60;
  });
}

/**
 * Parses the subset of the OpenStreetMap opening_hours syntax used by the demo data:
 * `24/7`, or rules `<days> <HH:MM-HH:MM>[,...]` / `<days> off` separated by `; `,
 * where `<days>` is a comma list of `Mo`..`Su`, ranges like `Mo-Fr`, and `PH`.
 * Returns the schedule, or an error message.
 */
export function parseOpeningHours(value: string): Schedule | string {
  const schedule: Schedule = new Map();
  if (value === '24/7') {
    for (const d of OSM_DAYS) schedule.set(d, '00:00-24:00');
    return schedule;
  }
  const rules = value.split('; ');
  for (const rule of rules) {
    const m = /^([A-Za-z,-]+) (off|[\d:,-]+)$/.exec(rule);
    if (!m) return `cannot parse rule "${rule}"`;
    const [, daysPart = '', times = ''] = m;
    if (times !== 'off' && !validTimes(times)) return `bad time span "${times}" in rule "${rule}"`;
    for (const token of daysPart.split(',')) {
      let days: string[] | null;
      if (token === 'PH') days = ['PH'];
      else if (/^[A-Z][a-z]-[A-Z][a-z]$/.test(token)) days = expandDayRange(token.slice(0, 2), token.slice(3));
      else days = OSM_DAYS.includes(token as (typeof OSM_DAYS)[number]) ? [token] : null;
      if (!days) return `bad day selector "${token}" in rule "${rule}"`;
      for (const d of days) schedule.set(d, times);
    }
  }
  return schedule;
}

function enDay(token: string): string | null {
  return EN_DAYS[token.trim().toLowerCase()] ?? null;
}

/**
 * Parses the English free-text service hours used by the demo data, e.g.
 * "Mon-Sun 07:00-23:00", "24 hours", "Mon, Wed-Sun 10:00-18:00 (closed on Tuesdays)",
 * "Mon-Sat 08:00-22:00; Sun and public holidays 09:00-18:00".
 */
export function parseEnglishHours(value: string): Schedule | string {
  const schedule: Schedule = new Map();
  if (/^24 hours$/i.test(value)) {
    for (const d of OSM_DAYS) schedule.set(d, '00:00-24:00');
    return schedule;
  }
  const segments: string[] = [];
  for (const seg of value.split(/;\s*/)) {
    const paren = /^(.*?)\s*\(([^()]*)\)$/.exec(seg);
    if (paren) {
      segments.push(paren[1] ?? '', paren[2] ?? '');
    } else segments.push(seg);
  }
  for (const seg of segments.filter((s) => s.length > 0)) {
    let daysPart: string;
    let times: string;
    const closed = /^closed on (.+)$/i.exec(seg);
    if (closed) {
      daysPart = closed[1] ?? '';
      times = 'off';
    } else {
      const m = /^(.+?) (\d\d:\d\d-\d\d:\d\d(?:, ?\d\d:\d\d-\d\d:\d\d)*)$/.exec(seg);
      if (!m) return `cannot parse "${seg}"`;
      daysPart = m[1] ?? '';
      times = (m[2] ?? '').replace(/, /g, ',');
      if (!validTimes(times)) return `bad time span in "${seg}"`;
    }
    for (const token of daysPart.split(/\s*,\s*|\s+and\s+/)) {
      const range = /^(\w+)\s*-\s*(\w+)$/.exec(token);
      let days: string[] | null;
      if (range) {
        const a = enDay(range[1] ?? '');
        const b = enDay(range[2] ?? '');
        days = a && b ? expandDayRange(a, b) : null;
      } else {
        const d = enDay(token);
        days = d ? [d] : null;
      }
      if (!days) return `unknown day "${token}" in "${seg}"`;
      for (const d of days) schedule.set(d, times);
    }
  }
  return schedule;
}

function sameSchedule(a: Schedule, b: Schedule): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

function describe(s: Schedule): string {
  return [...s].map(([k, v]) => `${k} ${v}`).join(', ');
}

function timeRanges(text: string): string[] {
  return [...text.matchAll(TIME_RANGE)].map((m) => m[0]).sort();
}

function decimals(n: number): number {
  const s = String(n);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

export interface CheckResult {
  errors: string[];
  summary: string[];
}

export function checkMachines(data: unknown): CheckResult {
  const errors: string[] = [];
  const summary: string[] = [];
  if (!Array.isArray(data)) {
    errors.push('top level: expected a JSON array of machines');
    return { errors, summary };
  }

  const seenIds = new Map<string, number>();
  const seenNames = new Map<string, string>();
  const seenCoords = new Map<string, string>();
  const perDistrict = new Map<string, number>(DISTRICTS.map((d) => [d, 0]));
  const perArea = new Map<string, number>(AREAS.map((a) => [a, 0]));
  const perStatus = new Map<string, number>(STATUSES.map((s) => [s, 0]));
  let photos = 0;
  let maintenance = 0;
  let outOfService = 0;
  let deactivated = 0;

  data.forEach((raw: unknown, index: number) => {
    const rowErrors: string[] = [];
    const err = (msg: string) => rowErrors.push(msg);

    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      errors.push(`row ${index}: expected an object`);
      return;
    }
    const row = raw as Row;
    const label = typeof row.id === 'string' ? `${row.id} (row ${index})` : `row ${index}`;

    // Field presence and types.
    for (const f of REQUIRED_FIELDS) if (!(f in row)) err(`missing field "${f}"`);
    for (const f of Object.keys(row)) if (!ALLOWED_FIELDS.has(f)) err(`unexpected field "${f}"`);
    for (const f of STRING_FIELDS) {
      const v = row[f];
      if (f in row && typeof v !== 'string') err(`field "${f}" must be a string, got ${JSON.stringify(v)}`);
      else if (typeof v === 'string') {
        if (v.trim().length === 0) err(`field "${f}" is empty`);
        if (v !== v.trim() || /\s{2,}/.test(v)) err(`field "${f}" has stray whitespace: ${JSON.stringify(v)}`);
        if (UNWANTED_CHARS.test(v) || hasControlChar(v) || /&\w+;/.test(v)) err(`field "${f}" has markup or special characters: ${JSON.stringify(v)}`);
      }
    }
    if ('under_maintenance' in row && typeof row.under_maintenance !== 'boolean')
      err(`field "under_maintenance" must be a boolean, got ${JSON.stringify(row.under_maintenance)}`);
    if ('service_status' in row && (typeof row.service_status !== 'number' || ![0, 1].includes(row.service_status)))
      err(`field "service_status" must be the number 0 or 1, got ${JSON.stringify(row.service_status)}`);

    // the feed's extra fields
    if ('last_online' in row) err('has "last_online": a fixed report time would make the machine look stale soon after start');
    for (const f of ['bin_count', 'bin_count_full_threshold'] as const) {
      if (f in row && !(typeof row[f] === 'number' && Number.isInteger(row[f]) && row[f] >= 0))
        err(`field "${f}" must be a whole number of 0 or more, got ${JSON.stringify(row[f])}`);
    }
    if (typeof row.bin_count === 'number' && typeof row.bin_count_full_threshold === 'number' && row.bin_count_full_threshold > row.bin_count)
      err(`bin_count_full_threshold ${row.bin_count_full_threshold} is more than bin_count ${row.bin_count}`);
    if ('deactivated' in row && typeof row.deactivated !== 'boolean')
      err(`field "deactivated" must be a boolean, got ${JSON.stringify(row.deactivated)}`);
    for (const f of ['last_emptied_at', 'last_full'] as const) {
      if (f in row && !(typeof row[f] === 'string' && FEED_TIME.test(row[f]) && parseFeedTimestamp(row[f]) !== null))
        err(`field "${f}" must be an ISO 8601 date-time with its offset, got ${JSON.stringify(row[f])}`);
    }
    const emptied = parseFeedTimestamp(row.last_emptied_at);
    const full = parseFeedTimestamp(row.last_full);
    if (emptied !== null && full !== null && full < emptied) err(`last_full ${String(row.last_full)} is before last_emptied_at`);
    if (row.status === 'Full' && !('last_full' in row)) err('status Full without "last_full"');

    // id
    if (typeof row.id === 'string') {
      if (!/^RVM-\d{3}$/.test(row.id)) err(`id "${row.id}" does not match RVM-NNN`);
      const prev = seenIds.get(row.id);
      if (prev !== undefined) err(`duplicate id "${row.id}" (also row ${prev})`);
      else seenIds.set(row.id, index);
    }

    // coordinates: [lat, lng] in the Hong Kong box, at most 5 decimals
    const c = row.coordinates;
    if ('coordinates' in row) {
      if (!Array.isArray(c) || c.length !== 2 || !c.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        err(`coordinates must be [latitude, longitude] numbers, got ${JSON.stringify(c)}`);
      } else {
        const [lat, lng] = c as [number, number];
        const inBox = (la: number, ln: number) =>
          la >= HK_BOX.minLat && la <= HK_BOX.maxLat && ln >= HK_BOX.minLng && ln <= HK_BOX.maxLng;
        if (!inBox(lat, lng)) {
          err(
            `coordinates [${lat}, ${lng}] outside the Hong Kong box` +
              (inBox(lng, lat) ? ' (latitude and longitude look swapped)' : ''),
          );
        }
        if (decimals(lat) > 5 || decimals(lng) > 5) err(`coordinates [${lat}, ${lng}] have more than 5 decimals`);
        const key = `${lat},${lng}`;
        const other = seenCoords.get(key);
        if (other !== undefined) err(`same coordinates as ${other}`);
        else seenCoords.set(key, label);
      }
    }

    // area / district
    if ('area' in row && !(AREAS as readonly unknown[]).includes(row.area)) err(`unknown area ${JSON.stringify(row.area)}`);
    if ('district' in row) {
      if (!(DISTRICTS as readonly unknown[]).includes(row.district)) {
        err(`unknown district ${JSON.stringify(row.district)}`);
      } else {
        const district = row.district as District;
        const expected = areaOfDistrict(district);
        if (row.area !== expected) err(`district "${district}" belongs to area ${expected}, not ${JSON.stringify(row.area)}`);
        if (!(DISTRICTS_BY_AREA[expected] as readonly string[]).includes(district)) err(`district/area tables disagree`);
      }
    }

    // status
    if ('status' in row && !(STATUSES as readonly unknown[]).includes(row.status))
      err(`unknown status ${JSON.stringify(row.status)} (expected one of ${STATUSES.join(', ')})`);

    // names unique
    if (typeof row.name_en === 'string') {
      const other = seenNames.get(row.name_en);
      if (other !== undefined) err(`name_en "${row.name_en}" also used by ${other}`);
      else seenNames.set(row.name_en, label);
    }

    // Chinese script checks
    for (const f of ['name', 'address', 'service_hour'] as const) {
      const en = row[`${f}_en`];
      const zht = row[`${f}_zht`];
      const zhs = row[`${f}_zhs`];
      if (typeof en === 'string' && CJK.test(en)) err(`${f}_en contains Chinese characters: ${JSON.stringify(en)}`);
      if (typeof zhs === 'string') {
        const bad = [...new Set([...zhs].filter((ch) => TRADITIONAL_ONLY.includes(ch)))];
        if (bad.length) err(`${f}_zhs contains traditional-only characters ${bad.join('')}: ${JSON.stringify(zhs)}`);
      }
      if (typeof zht === 'string') {
        const bad = [...new Set([...zht].filter((ch) => SIMPLIFIED_ONLY.includes(ch)))];
        if (bad.length) err(`${f}_zht contains simplified-only characters ${bad.join('')}: ${JSON.stringify(zht)}`);
      }
      if (typeof zht === 'string' && typeof zhs === 'string' && zht.replace(CJK_GLOBAL, '') !== zhs.replace(CJK_GLOBAL, ''))
        err(`${f}_zht and ${f}_zhs differ outside the Chinese characters: ${JSON.stringify(zht)} vs ${JSON.stringify(zhs)}`);
    }

    // hours: free text in all three languages agrees with opening_hours
    const oh = row.opening_hours;
    const hen = row.service_hour_en;
    const hzt = row.service_hour_zht;
    const hzs = row.service_hour_zhs;
    if (typeof oh === 'string' && typeof hen === 'string' && typeof hzt === 'string' && typeof hzs === 'string') {
      const osm = parseOpeningHours(oh);
      const text = parseEnglishHours(hen);
      if (typeof osm === 'string') err(`opening_hours "${oh}": ${osm}`);
      if (typeof text === 'string') err(`service_hour_en "${hen}": ${text}`);
      if (typeof osm !== 'string' && typeof text !== 'string' && !sameSchedule(osm, text))
        err(`opening_hours "${oh}" (${describe(osm)}) disagrees with service_hour_en "${hen}" (${describe(text)})`);
      const allDay = oh === '24/7';
      if (allDay !== /^24小時$/.test(hzt)) err(`service_hour_zht "${hzt}" disagrees with opening_hours "${oh}"`);
      if (allDay !== /^24小时$/.test(hzs)) err(`service_hour_zhs "${hzs}" disagrees with opening_hours "${oh}"`);
      const spans = timeRanges(oh.replace(/,(?=\d)/g, ' ')).join(' ');
      for (const [f, v] of [['service_hour_en', hen], ['service_hour_zht', hzt], ['service_hour_zhs', hzs]] as const) {
        if (timeRanges(v).join(' ') !== spans)
          err(`${f} "${v}" has time spans [${timeRanges(v).join(' ')}], opening_hours has [${spans}]`);
      }
    }

    // photo
    if ('photo' in row) {
      const expected = typeof row.id === 'string' ? `rvm-${row.id.slice(4)}.png` : null;
      if (typeof row.photo !== 'string' || !/^rvm-\d{3}\.png$/.test(row.photo))
        err(`photo must be a file name like "rvm-001.png", got ${JSON.stringify(row.photo)}`);
      else if (expected && row.photo !== expected) err(`photo "${row.photo}" should be "${expected}" (named after the id)`);
      else photos++;
    }

    // tallies
    if (typeof row.district === 'string' && perDistrict.has(row.district))
      perDistrict.set(row.district, (perDistrict.get(row.district) ?? 0) + 1);
    if (typeof row.area === 'string' && perArea.has(row.area)) perArea.set(row.area, (perArea.get(row.area) ?? 0) + 1);
    if (typeof row.status === 'string' && perStatus.has(row.status))
      perStatus.set(row.status, (perStatus.get(row.status) ?? 0) + 1);
    if (row.under_maintenance === true) maintenance++;
    if (row.service_status === 1) outOfService++;
    if (row.deactivated === true) deactivated++;

    for (const e of rowErrors) errors.push(`${label}: ${e}`);
  });

  // Whole-file checks.
  const total = data.length;
  if (total < MIN_MACHINES) errors.push(`file: ${total} machines, need at least ${MIN_MACHINES}`);
  for (const [d, n] of perDistrict)
    if (n < MIN_PER_DISTRICT) errors.push(`file: district "${d}" has ${n} machines, need at least ${MIN_PER_DISTRICT}`);
  if (photos * 3 <= total) errors.push(`file: ${photos} machines have a photo, need more than a third of ${total}`);

  const pct = (n: number) => `${((100 * n) / Math.max(total, 1)).toFixed(1)}%`;
  summary.push(`machines: ${total}`);
  summary.push('per area:');
  for (const a of AREAS) summary.push(`  ${a.padEnd(20)} ${String(perArea.get(a as Area) ?? 0).padStart(4)}`);
  summary.push('per district:');
  for (const d of DISTRICTS) summary.push(`  ${d.padEnd(20)} ${String(perDistrict.get(d) ?? 0).padStart(4)}`);
  summary.push('per status:');
  for (const s of STATUSES) {
    const n = perStatus.get(s) ?? 0;
    summary.push(`  ${s.padEnd(20)} ${String(n).padStart(4)}  ${pct(n)}`);
  }
  summary.push(`under maintenance: ${maintenance}`);
  summary.push(`out of service (service_status 1): ${outOfService}`);
  summary.push(`deactivated (hidden by the page): ${deactivated}`);
  summary.push(`with photo: ${photos} (${pct(photos)})`);
  return { errors, summary };
}

function main(): void {
  const file = process.argv[2] ? resolve(process.argv[2]) : DEFAULT_FILE;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    console.error(`cannot read ${file}: ${(e as Error).message}`);
    process.exit(1);
  }
  const { errors, summary } = checkMachines(data);
  console.log(`checking ${file}`);
  for (const line of summary) console.log(line);
  if (errors.length > 0) {
    for (const e of errors) console.error(`ERROR ${e}`);
    console.error(`${errors.length} problem(s) found`);
    process.exit(1);
  }
  console.log('OK: no problems found');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
