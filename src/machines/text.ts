import type { Locale, Machine } from '../../shared/machine';

export type LocalizedField = 'name' | 'address' | 'service_hour';

/** A machine's text in the interface language, falling back to English (spec §3). */
export function machineText(machine: Machine, field: LocalizedField, locale: Locale): string {
  return machine[`${field}_${locale}`] || machine[`${field}_en`] || (field === 'name' ? machine.id : '');
}
