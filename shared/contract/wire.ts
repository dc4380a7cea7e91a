import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { isRecord } from '../isRecord';

/**
 * The one check of an answer against its contract, for the console: the contract's JSON Schema is both the server's
 * answer schema and what the console holds an answer to, and its type (json-schema-to-ts) is the value's type.
 *
 * It reads the part of JSON Schema the contracts use: `type` (one or a list, `null` among them), `const`, `enum`,
 * `properties` and `required`, `items`, `anyOf`, `minimum`, `maximum`, `minLength`, `maxLength`, `minItems` and
 * `maxItems`. Every other keyword is the server's and the OpenAPI document's (`format`, `description`, `default`,
 * `uniqueItems`); `additionalProperties` is not checked either, so that a console loaded before the server gained a
 * field still reads the server's answers. The value is given back as it came, not copied: checking a list is one
 * walk over it.
 */

/** A contract's schema: any JSON Schema json-schema-to-ts types, read as far as the keywords above. */
export type WireSchema = JSONSchema;
/** The value a contract's schema describes. */
export type Wire<S extends WireSchema> = FromSchema<S>;

/** The value, now of its contract's type; or where it first differs from the contract, and how. */
export type WireCheck<T> = { ok: true; value: T } | { ok: false; at: string; problem: string };

/** The keywords read here, as a schema has them. */
interface Checked {
  type?: string | readonly string[];
  const?: unknown;
  enum?: readonly unknown[];
  properties?: Readonly<Record<string, Checked>>;
  required?: readonly string[];
  items?: Checked | boolean;
  anyOf?: readonly Checked[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

/**
 * `value` against `schema`: the first difference found, depth first, names its place from `at` ('answer'). The type
 * is made from the schema only (NoInfer): inferred from where the value goes, `const { a } = ...`, it runs too deep.
 */
export function checkWire<S extends WireSchema>(schema: S, value: unknown, at = 'answer'): NoInfer<WireCheck<Wire<S>>> {
  const problem = wireProblem(schema, value, at);
  return problem === null ? { ok: true, value: value as Wire<S> } : { ok: false, ...problem };
}

/** The first difference of `value` from `schema`, or null: `checkWire` without the type, for generic callers. */
export const wireProblem = (schema: WireSchema, value: unknown, at = 'answer'): WireProblem | null =>
  problemOf(schema as Checked | boolean, value, at);

/** The difference as one line: `answer.people[2].role: "boss" is not one of "admin", "operator", "viewer"`. */
export const wireMessage = (failure: WireProblem): string => `${failure.at}: ${failure.problem}`;

/** Where a value first differs from its contract, and how. */
export interface WireProblem {
  at: string;
  problem: string;
}

type Problem = WireProblem | null;

const TYPE_TESTS: Readonly<Record<string, (value: unknown) => boolean>> = {
  string: (value) => typeof value === 'string',
  integer: (value) => Number.isSafeInteger(value),
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  boolean: (value) => typeof value === 'boolean',
  null: (value) => value === null,
  object: isRecord,
  array: Array.isArray,
};

/** How a value shows in a problem: short, whatever it holds. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (isRecord(value)) return 'an object';
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** A type as a problem names it: `a string`, `an integer`, `null`. */
const named = (type: string): string => (type === 'null' ? 'null' : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);
const oneOf = (values: readonly unknown[]): string => values.map((value) => JSON.stringify(value)).join(', ');

function problemOf(schema: Checked | boolean, value: unknown, at: string): Problem {
  if (schema === true) return null;
  if (schema === false) return { at, problem: `${shown(value)} is not allowed here` };
  const types = schema.type === undefined ? undefined : [schema.type].flat();
  if (types && !types.some((type) => TYPE_TESTS[type]?.(value))) {
    return { at, problem: `${shown(value)} is not ${types.map(named).join(' or ')}` };
  }
  if ('const' in schema && value !== schema.const) {
    return { at, problem: `${shown(value)} is not ${JSON.stringify(schema.const)}` };
  }
  if (schema.enum && !schema.enum.includes(value)) {
    return { at, problem: `${shown(value)} is not one of ${oneOf(schema.enum)}` };
  }
  if (typeof value === 'number') return rangeProblem(schema, value, at);
  if (typeof value === 'string') return lengthProblem(schema, value, at);
  if (Array.isArray(value)) return listProblem(schema, value, at);
  if (isRecord(value)) return objectProblem(schema, value, at);
  return schema.anyOf ? anyOfProblem(schema.anyOf, value, at) : null;
}

function rangeProblem(schema: Checked, value: number, at: string): Problem {
  const { minimum = -Infinity, maximum = Infinity } = schema;
  if (value < minimum || value > maximum) return { at, problem: `${value} is not within ${minimum} to ${maximum}` };
  return schema.anyOf ? anyOfProblem(schema.anyOf, value, at) : null;
}

function lengthProblem(schema: Checked, value: string, at: string): Problem {
  const { minLength = 0, maxLength = Infinity } = schema;
  if (value.length < minLength || value.length > maxLength) {
    return { at, problem: `${value.length} characters, not ${minLength} to ${maxLength}` };
  }
  return schema.anyOf ? anyOfProblem(schema.anyOf, value, at) : null;
}

function listProblem(schema: Checked, value: readonly unknown[], at: string): Problem {
  const { minItems = 0, maxItems = Infinity, items } = schema;
  if (value.length < minItems || value.length > maxItems) {
    return { at, problem: `${value.length} items, not ${minItems} to ${maxItems}` };
  }
  if (items !== undefined) {
    for (let i = 0; i < value.length; i++) {
      const problem = problemOf(items, value[i], `${at}[${i}]`);
      if (problem) return problem;
    }
  }
  return schema.anyOf ? anyOfProblem(schema.anyOf, value, at) : null;
}

/** A field of the value's own: never one an object inherits (`constructor`, `toString`). */
const own = (value: Readonly<Record<string, unknown>>, field: string): unknown =>
  Object.hasOwn(value, field) ? value[field] : undefined;

function objectProblem(schema: Checked, value: Readonly<Record<string, unknown>>, at: string): Problem {
  for (const field of schema.required ?? []) {
    if (own(value, field) === undefined) return { at: `${at}.${field}`, problem: 'is missing' };
  }
  for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
    const fieldValue = own(value, field);
    if (fieldValue === undefined) continue;
    const problem = problemOf(fieldSchema, fieldValue, `${at}.${field}`);
    if (problem) return problem;
  }
  return schema.anyOf ? anyOfProblem(schema.anyOf, value, at) : null;
}

/** Some schema of the list fits: when none does, the problem of the last (the fullest, as the contracts list them). */
function anyOfProblem(schemas: readonly Checked[], value: unknown, at: string): Problem {
  let last: Problem = { at, problem: `${shown(value)} fits none of its schemas` };
  for (const schema of schemas) {
    last = problemOf(schema, value, at);
    if (last === null) return null;
  }
  return last;
}
