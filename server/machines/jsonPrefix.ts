/** An array or object being written, and how far: its items, or its keys. */
type Frame = { next: number; written: number } & (
  { items: readonly unknown[] } | { object: Readonly<Record<string, unknown>>; keys: readonly string[] }
);

/** Values JSON leaves out of an object (and writes as null in an array). */
const skipped = (value: unknown): boolean =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * The start of `value` written as JSON.stringify writes it, stopping once it passes `maxChars`. It keeps its own
 * stack instead of recursing, so a value nested 100 000 deep costs no more than a small one, and it never runs out
 * of the call stack as JSON.stringify does. Undefined when JSON writes nothing for it (undefined, a function).
 */
export function jsonPrefix(value: unknown, maxChars: number): { text: string; complete: boolean } | undefined {
  if (skipped(value)) return undefined;
  const stack: Frame[] = [];
  let text = open(value, stack, maxChars);
  while (text.length <= maxChars) {
    const frame = stack.at(-1);
    if (!frame) return { text, complete: true };
    const separator = frame.written++ > 0 ? ',' : '';
    if ('items' in frame) {
      if (frame.next === frame.items.length) {
        text += ']';
        stack.pop();
        continue;
      }
      const item = frame.items[frame.next++];
      text += separator + (skipped(item) ? 'null' : open(item, stack, maxChars));
      continue;
    }
    while (frame.next < frame.keys.length && skipped(frame.object[frame.keys[frame.next]!])) frame.next += 1;
    const key = frame.keys[frame.next++];
    if (key === undefined) {
      text += '}';
      stack.pop();
      continue;
    }
    text += `${separator}${JSON.stringify(key)}:${open(frame.object[key], stack, maxChars)}`;
  }
  return { text, complete: false };
}

/** A leaf's JSON, or an array's or object's opening bracket (its frame pushed to be written next). */
function open(value: unknown, stack: Frame[], maxChars: number): string {
  const target = hasToJson(value) ? value.toJSON() : value;
  if (target === null || skipped(target)) return 'null';
  if (typeof target === 'string') {
    return JSON.stringify(target.length > maxChars ? target.slice(0, maxChars + 1) : target);
  }
  if (typeof target === 'number') return Number.isFinite(target) ? String(target) : 'null';
  if (typeof target === 'boolean' || typeof target === 'bigint') return String(target);
  if (Array.isArray(target)) {
    stack.push({ items: target, next: 0, written: 0 });
    return '[';
  }
  const object = target as Record<string, unknown>;
  stack.push({ object, keys: Object.keys(object), next: 0, written: 0 });
  return '{';
}

const hasToJson = (value: unknown): value is { toJSON(): unknown } =>
  typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function';
