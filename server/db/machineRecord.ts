import { fileUrl, type ApiMachine } from '../machines/apiMachine';
import type { ExtraFields } from '../machines/extraFields';
import { KNOWN_FIELDS, type MachineRow } from '../machines/validate';

/** A row of the machines table as SQLite returns it (and PostgreSQL, through its column list in pg/machines.ts). */
export interface MachineRecord extends Omit<
  MachineRow,
  'coordinates' | 'under_maintenance' | 'deactivated' | 'photo' | 'extra'
> {
  lat: number;
  lng: number;
  under_maintenance: number;
  deactivated: number;
  picture_id: string | null;
  /** JSON object text, or null. */
  extra: string | null;
}

/** The machine as the list call sends it. */
export function toApiMachine(record: MachineRecord): ApiMachine {
  const machine: ApiMachine = {
    id: record.id,
    coordinates: [record.lat, record.lng],
    area: record.area,
    district: record.district,
    status: record.status,
    under_maintenance: record.under_maintenance === 1,
    service_status: record.service_status,
    name_en: record.name_en,
    name_zht: record.name_zht,
    name_zhs: record.name_zhs,
    address_en: record.address_en,
    address_zht: record.address_zht,
    address_zhs: record.address_zhs,
    service_hour_en: record.service_hour_en,
    service_hour_zht: record.service_hour_zht,
    service_hour_zhs: record.service_hour_zhs,
    thumbnail: record.picture_id ? fileUrl(record.picture_id) : null,
    opening_hours: record.opening_hours,
    bin_count: record.bin_count,
    bin_count_full_threshold: record.bin_count_full_threshold,
    deactivated: record.deactivated === 1,
    last_emptied_at: record.last_emptied_at,
    last_online: record.last_online,
    last_full: record.last_full,
  };
  // The spec's `picture` is "present or absent", so a machine without a photo has no key at all.
  if (record.picture_id) machine.picture = { id: record.picture_id };
  return record.extra ? { ...machine, ...unclaimedFields(JSON.parse(record.extra) as ExtraFields, machine) } : machine;
}

/** The kept fields that no known field claims: a known field always wins over a kept one of the same name. */
function unclaimedFields(extra: ExtraFields, machine: ApiMachine): ExtraFields {
  return Object.fromEntries(
    Object.entries(extra).filter(([name]) => !KNOWN_FIELDS.has(name) && !Object.hasOwn(machine, name)),
  );
}

/** The columns an import writes, in the order `upsertValues` gives them. */
export const UPSERT_COLUMNS = [
  'id',
  'lat',
  'lng',
  'area',
  'district',
  'status',
  'under_maintenance',
  'service_status',
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
  'picture_id',
  'updated_at',
  'bin_count',
  'bin_count_full_threshold',
  'deactivated',
  'last_emptied_at',
  'last_online',
  'last_full',
  'extra',
] as const;

export const upsertValues = (row: MachineRow, pictureId: string | null, updatedAt: string): unknown[] => [
  row.id,
  row.coordinates[0],
  row.coordinates[1],
  row.area,
  row.district,
  row.status,
  row.under_maintenance ? 1 : 0,
  row.service_status,
  row.name_en,
  row.name_zht,
  row.name_zhs,
  row.address_en,
  row.address_zht,
  row.address_zhs,
  row.service_hour_en,
  row.service_hour_zht,
  row.service_hour_zhs,
  row.opening_hours,
  pictureId,
  updatedAt,
  row.bin_count,
  row.bin_count_full_threshold,
  row.deactivated ? 1 : 0,
  row.last_emptied_at,
  row.last_online,
  row.last_full,
  row.extra ? JSON.stringify(row.extra) : null,
];
