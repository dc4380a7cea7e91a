/** A value as an error message quotes it back: text in quotes, numbers bare, anything else as JSON. */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? 'undefined';
}
