import { localizedField, type LocalizedText } from '../../shared/contract/machine';
import type { Locale, Machine } from '../../shared/machine';

/** A machine's text in the interface language, falling back to English (docs/spec.md#the-machine). */
export function machineText(machine: Machine, field: LocalizedText, locale: Locale): string {
  return (
    machine[localizedField(field, locale)] ||
    machine[localizedField(field, 'en')] ||
    (field === 'name' ? machine.id : '')
  );
}
