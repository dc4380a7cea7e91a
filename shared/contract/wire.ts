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
export const wireProblem = (schema: WireSchema, value: unknown, at = 'answer'): WireProblem | null => {
  const path: Path = [at];
  const problem = problemOf(schema as Checked | boolean, value, path);
  return problem === null ? null : { at: placeOf(problem.path), problem: problem.problem };
};

/** The difference as one line: `answer.people[2].role: "boss" is not one of "admin", "operator", "viewer"`. */
export const wireMessage = (failure: WireProblem): string => `${failure.at}: ${failure.problem}`;

/** Where a value first differs from its contract, and how. */
export interface WireProblem {
  at: string;
  problem: string;
}

/**
 * The place being checked, as the fields and indexes from the top: one list for the whole walk, pushed and popped,
 * and made a text only for a problem, so that checking a long list of rows makes no text per row.
 */
type Path = (string | number)[];
type Problem = { path: Path; problem: string } | null;

const placeOf = (path: Path): string =>
  path.map((step, i) => (i === 0 ? step : typeof step === 'number' ? `[${step}]` : `.${step}`)).join('');
const failed = (path: Path, problem: string): Problem => ({ path: [...path], problem });

const TYPE_TESTS: Readonly<Record<string, (value: unknown) => boolean>> = {
  string: (value) => typeof value === 'string',
  integer: (value) => Number.isSafeInteger(value),
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  boolean: (value) => typeof value === 'boolean',
  null: (value) => value === null,
  object: isRecord,
  array: Array.isArray,
};

/** What the walk reads of a schema, made once per schema object (the contracts' are constants). */
interface Read {
  types: readonly string[] | undefined;
  fields: readonly (readonly [string, Checked])[];
}
const READ = new WeakMap<Checked, Read>();
function read(schema: Checked): Read {
  let known = READ.get(schema);
  if (known === undefined) {
    known = {
      types: schema.type === undefined ? undefined : [schema.type].flat(),
      fields: Object.entries(schema.properties ?? {}),
    };
    READ.set(schema, known);
  }
  return known;
}

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

function problemOf(schema: Checked | boolean, value: unknown, path: Path): Problem {
  if (schema === true) return null;
  if (schema === false) return failed(path, `${shown(value)} is not allowed here`);
  const { types, fields } = read(schema);
  if (types && !types.some((type) => TYPE_TESTS[type]?.(value))) {
    return failed(path, `${shown(value)} is not ${types.map(named).join(' or ')}`);
  }
  if ('const' in schema && value !== schema.const) {
    return failed(path, `${shown(value)} is not ${JSON.stringify(schema.const)}`);
  }
  if (schema.enum && !schema.enum.includes(value)) {
    return failed(path, `${shown(value)} is not one of ${oneOf(schema.enum)}`);
  }
  const problem =
    typeof value === 'number'
      ? rangeProblem(schema, value, path)
      : typeof value === 'string'
        ? lengthProblem(schema, value, path)
        : Array.isArray(value)
          ? listProblem(schema, value, path)
          : isRecord(value)
            ? objectProblem(schema, fields, value, path)
            : null;
  return problem ?? (schema.anyOf ? anyOfProblem(schema.anyOf, value, path) : null);
}

function rangeProblem({ minimum = -Infinity, maximum = Infinity }: Checked, value: number, path: Path): Problem {
  return value < minimum || value > maximum ? failed(path, `${value} is not within ${minimum} to ${maximum}`) : null;
}

function lengthProblem({ minLength = 0, maxLength = Infinity }: Checked, value: string, path: Path): Problem {
  return value.length < minLength || value.length > maxLength
    ? failed(path, `${value.length} characters, not ${minLength} to ${maxLength}`)
    : null;
}

function listProblem({ minItems = 0, maxItems = Infinity, items }: Checked, value: readonly unknown[], path: Path) {
  if (value.length < minItems || value.length > maxItems) {
    return failed(path, `${value.length} items, not ${minItems} to ${maxItems}`);
  }
  if (items === undefined) return null;
  for (let i = 0; i < value.length; i++) {
    path.push(i);
    const problem = problemOf(items, value[i], path);
    path.pop();
    if (problem) return problem;
  }
  return null;
}

/** A field of the value's own: never one an object inherits (`constructor`, `toString`). */
const own = (value: Readonly<Record<string, unknown>>, field: string): unknown =>
  Object.hasOwn(value, field) ? value[field] : undefined;

function objectProblem(
  schema: Checked,
  fields: Read['fields'],
  value: Readonly<Record<string, unknown>>,
  path: Path,
): Problem {
  for (const field of schema.required ?? []) {
    if (own(value, field) === undefined) return failed([...path, field], 'is missing');
  }
  for (const [field, fieldSchema] of fields) {
    const fieldValue = own(value, field);
    if (fieldValue === undefined) continue;
    path.push(field);
    const problem = problemOf(fieldSchema, fieldValue, path);
    path.pop();
    if (problem) return problem;
  }
  return null;
}

/** Some schema of the list fits: when none does, the problem of the last (the fullest, as the contracts list them). */
function anyOfProblem(schemas: readonly Checked[], value: unknown, path: Path): Problem {
  let last: Problem = failed(path, `${shown(value)} fits none of its schemas`);
  for (const schema of schemas) {
    last = problemOf(schema, value, path);
    if (last === null) return null;
  }
  return last;
}
