import { problem, type MachineProblem } from './problems';

/** Fields of a row that no known field claims: kept as they are, within these limits. */
export const EXTRA_MAX_KEYS = 50;
export const EXTRA_MAX_BYTES = 8 * 1024;
/** Deeper than any feed nests, and far from where JSON.stringify runs out of stack. */
export const EXTRA_MAX_DEPTH = 32;

export type ExtraFields = Record<string, unknown>;

/** Names that reach into an object's prototype machinery when assigned. */
const UNSAFE_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * What is wrong with the names of the unknown fields (or CSV columns): an unsafe or empty name, a name that is a
 * known field but for case or spaces, or more of them than are kept.
 */
export function extraNameProblems(names: readonly string[], known: ReadonlySet<string>): MachineProblem[] {
  const knownByLowerCase = new Map([...known].map((name) => [name.toLowerCase(), name]));
  const problems: MachineProblem[] = [];
  for (const name of names) {
    const twin = knownByLowerCase.get(name.trim().toLowerCase());
    if (UNSAFE_NAMES.has(name)) problems.push(problem(name, 'reservedName'));
    else if (name.trim() === '') problems.push(problem(name, 'noName'));
    else if (twin !== undefined) problems.push(problem(name, 'clashesWithKnown', { known: twin }));
  }
  if (names.length > EXTRA_MAX_KEYS) {
    problems.push(problem(null, 'tooManyExtras', { count: names.length, max: EXTRA_MAX_KEYS }));
  }
  return problems;
}

const SIZE_PROBLEMS = {
  notJson: problem(null, 'extraNotJson'),
  tooDeep: problem(null, 'extraTooDeep', { max: EXTRA_MAX_DEPTH }),
  tooLarge: problem(null, 'extraTooLarge', { max: EXTRA_MAX_BYTES }),
} as const;

/** The row's unknown fields as one object (null when it has none), or what breaks a limit. */
export function collectExtraFields(
  input: Readonly<Record<string, unknown>>,
  known: ReadonlySet<string>,
): { extra: ExtraFields | null; problems: MachineProblem[] } {
  const names = Object.keys(input).filter((name) => !known.has(name));
  if (names.length === 0) return { extra: null, problems: [] };
  const problems = extraNameProblems(names, known);
  if (problems.length > 0) return { extra: null, problems };
  // fromEntries defines own properties, so even a "__proto__" key could not reach the prototype.
  const extra: ExtraFields = Object.fromEntries(names.map((name) => [name, input[name]]));
  const size = jsonSize(extra, EXTRA_MAX_BYTES);
  return typeof size === 'number' ? { extra, problems: [] } : { extra: null, problems: [SIZE_PROBLEMS[size]] };
}

const utf8 = new TextEncoder();

/**
 * The UTF-8 size of a value written as JSON, or why it cannot be: not JSON (undefined, functions, NaN,
 * class instances…), nested too deep, or over `maxBytes`. Walks without recursion and stops after
 * `maxBytes` nodes (each takes at least a byte), so a huge value costs no more than a small one.
 */
export function jsonSize(value: unknown, maxBytes: number): number | 'notJson' | 'tooDeep' | 'tooLarge' {
  const pending: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  for (let nodes = 0; pending.length > 0; nodes++) {
    if (nodes > maxBytes) return 'tooLarge';
    const { node, depth } = pending.pop()!;
    if (node === null || typeof node === 'string' || typeof node === 'boolean') continue;
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) return 'notJson';
      continue;
    }
    const isPlainObject = typeof node === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(node));
    if (!Array.isArray(node) && !isPlainObject) return 'notJson';
    if (depth >= EXTRA_MAX_DEPTH) return 'tooDeep';
    const children: unknown[] = Array.isArray(node) ? node : Object.values(node as object);
    if (children.length > maxBytes) return 'tooLarge';
    for (const child of children) pending.push({ node: child, depth: depth + 1 });
  }
  // Fewer than maxBytes nodes: the text is small enough to encode whole.
  const bytes = utf8.encode(JSON.stringify(value)).byteLength;
  return bytes > maxBytes ? 'tooLarge' : bytes;
}
