import { REQUIRED_CSV_COLUMNS } from '../server/machines/csvRows';
import { FEED_FIELDS } from '../server/machines/feedFields';
import { syntheticMachines } from './syntheticMachines';

/** Every column the importer reads but `photo`: the required ones, the opening hours and the feed fields. */
const COLUMNS = [...REQUIRED_CSV_COLUMNS, 'opening_hours', ...FEED_FIELDS] as const;

const quote = (field: string): string => (/[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field);

/**
 * A CSV data set of `count` synthetic machines with every column the importer reads, as an operator's
 * export would have it (about 220 bytes a row). `status` overrides every machine's status.
 */
export function machinesCsv(count: number, status?: string): string {
  const lines = [COLUMNS.join(',')];
  for (const machine of syntheticMachines(count)) {
    const n = Number(machine.id.slice(4));
    const fields: Record<(typeof COLUMNS)[number], string> = {
      id: machine.id,
      lat: machine.coordinates[0].toFixed(6),
      lng: machine.coordinates[1].toFixed(6),
      area: machine.area ?? '',
      district: machine.district ?? '',
      status: status ?? machine.status ?? 'Full',
      under_maintenance: String(machine.under_maintenance),
      service_status: String(machine.service_status),
      name_en: machine.name_en,
      name_zht: machine.name_zht,
      name_zhs: machine.name_zhs,
      address_en: machine.address_en,
      address_zht: machine.address_zht,
      address_zhs: machine.address_zhs,
      service_hour_en: machine.service_hour_en,
      service_hour_zht: machine.service_hour_zht,
      service_hour_zhs: machine.service_hour_zhs,
      opening_hours: 'Mo-Su 07:00-23:00',
      bin_count: String(2 + (n % 3)),
      bin_count_full_threshold: '2',
      deactivated: 'false',
      last_emptied_at: '2026-11-22T09:30:00+08:00',
      last_online: '2026-11-23T14:05:00+08:00',
      last_full: '',
    };
    lines.push(COLUMNS.map((column) => quote(fields[column])).join(','));
  }
  return `${lines.join('\n')}\n`;
}
