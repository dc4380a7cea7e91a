import type { Db } from '../db/open';
import type { Machine } from '../../shared/machine';
import type { ExtraFields } from './extraFields';
import type { FeedFields } from './feedFields';
import { KNOWN_FIELDS, type MachineRow } from './validate';

/**
 * A machine as `POST /api/rvm/` sends it: every Machine field, the opening hours and the feed fields
 * (null / false when unknown), then the fields an import kept untouched.
 */
export type ApiMachine = Machine & FeedFields & { opening_hours: string | null };

/** A row of the machines table as SQLite returns it. */
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

export const fileUrl = (id: string): string => `/api/file/${id}`;

export function listMachines(db: Db): ApiMachine[] {
  const records = db.prepare('SELECT * FROM machines ORDER BY id').all() as MachineRecord[];
  return records.map(toApiMachine);
}

export function getMachine(db: Db, id: string): ApiMachine | null {
  const record = db.prepare('SELECT * FROM machines WHERE id = ?').get(id) as MachineRecord | undefined;
  return record ? toApiMachine(record) : null;
}

export function countMachines(db: Db): number {
  return Number(db.prepare('SELECT count(*) FROM machines').pluck().get());
}

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

/**
 * Inserts or replaces machines with one statement prepared once. `pictureId` null keeps the photo an
 * existing machine already has; every other field, feed fields and kept fields included, is replaced by
 * the row's. Synchronous so callers can run many inside one transaction.
 */
export function prepareUpsert(db: Db): (row: MachineRow, pictureId: string | null) => void {
  const upsert = db.prepare(
    `INSERT INTO machines (
       id, lat, lng, area, district, status, under_maintenance, service_status,
       name_en, name_zht, name_zhs, address_en, address_zht, address_zhs,
       service_hour_en, service_hour_zht, service_hour_zhs, opening_hours, picture_id, updated_at,
       bin_count, bin_count_full_threshold, deactivated, last_emptied_at, last_online, last_full, extra
     ) VALUES (
       @id, @lat, @lng, @area, @district, @status, @under_maintenance, @service_status,
       @name_en, @name_zht, @name_zhs, @address_en, @address_zht, @address_zhs,
       @service_hour_en, @service_hour_zht, @service_hour_zhs, @opening_hours, @picture_id, @updated_at,
       @bin_count, @bin_count_full_threshold, @deactivated, @last_emptied_at, @last_online, @last_full, @extra
     )
     ON CONFLICT(id) DO UPDATE SET
       lat = excluded.lat, lng = excluded.lng, area = excluded.area, district = excluded.district,
       status = excluded.status, under_maintenance = excluded.under_maintenance,
       service_status = excluded.service_status,
       name_en = excluded.name_en, name_zht = excluded.name_zht, name_zhs = excluded.name_zhs,
       address_en = excluded.address_en, address_zht = excluded.address_zht, address_zhs = excluded.address_zhs,
       service_hour_en = excluded.service_hour_en, service_hour_zht = excluded.service_hour_zht,
       service_hour_zhs = excluded.service_hour_zhs, opening_hours = excluded.opening_hours,
       picture_id = coalesce(excluded.picture_id, machines.picture_id),
       updated_at = excluded.updated_at,
       bin_count = excluded.bin_count, bin_count_full_threshold = excluded.bin_count_full_threshold,
       deactivated = excluded.deactivated, last_emptied_at = excluded.last_emptied_at,
       last_online = excluded.last_online, last_full = excluded.last_full, extra = excluded.extra`,
  );
  return (row, pictureId) => {
    upsert.run({
      id: row.id,
      lat: row.coordinates[0],
      lng: row.coordinates[1],
      area: row.area,
      district: row.district,
      status: row.status,
      under_maintenance: row.under_maintenance ? 1 : 0,
      service_status: row.service_status,
      name_en: row.name_en,
      name_zht: row.name_zht,
      name_zhs: row.name_zhs,
      address_en: row.address_en,
      address_zht: row.address_zht,
      address_zhs: row.address_zhs,
      service_hour_en: row.service_hour_en,
      service_hour_zht: row.service_hour_zht,
      service_hour_zhs: row.service_hour_zhs,
      opening_hours: row.opening_hours,
      picture_id: pictureId,
      updated_at: new Date().toISOString(),
      bin_count: row.bin_count,
      bin_count_full_threshold: row.bin_count_full_threshold,
      deactivated: row.deactivated ? 1 : 0,
      last_emptied_at: row.last_emptied_at,
      last_online: row.last_online,
      last_full: row.last_full,
      extra: row.extra ? JSON.stringify(row.extra) : null,
    });
  };
}
