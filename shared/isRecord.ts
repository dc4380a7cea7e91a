/** A JSON object: not null, not an array. The one test of it that the page, the console and the server share. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
