import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PRINTABLE_ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');

/**
 * Every character the English page can show with the demo data: its locale file, the machines' English
 * fields, and printable ASCII (numbers, times, what a visitor types). The fonts it loads follow from this.
 */
export function englishPageText(seedPath = path.join(ROOT, 'assets/demo/machines.json')): string {
  const locale: unknown = JSON.parse(readFileSync(path.join(ROOT, 'src/i18n/locales/en.json'), 'utf8'));
  const machines = JSON.parse(readFileSync(seedPath, 'utf8')) as Record<string, unknown>[];
  const englishFields = machines.flatMap((machine) =>
    Object.entries(machine)
      .filter(([key, value]) => key.endsWith('_en') && typeof value === 'string')
      .map(([, value]) => value as string),
  );
  return [PRINTABLE_ASCII, ...strings(locale), ...englishFields].join('');
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}
