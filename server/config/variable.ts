import path from 'node:path';
import { ConfigError } from './configError';

/** One environment variable: its name, how it reads, and how docs/configuration.md shows it. */
export interface Variable<T> {
  readonly name: string;
  /** The default as the documentation shows it: `8080`, unset, empty, 5 MiB. */
  readonly shownDefault: string;
  /** What it does, in Markdown; `{range}` stands where the limits go. */
  readonly description: string;
  /** The limits as the documentation shows them, e.g. "(1 to 1440)"; empty for none. */
  readonly range: string;
  /** Reads the value, trimmed (undefined when unset or blank); a bad one throws a ConfigError naming the variable. */
  read(value: string | undefined, cwd: string): T;
}

interface Described {
  description: string;
}

/** A value read by a function of its own; `shown` is the default as the documentation writes it. */
export const custom = <T>(
  name: string,
  { shown, description, read }: Described & { shown: string; read: (value: string | undefined, name: string) => T },
): Variable<T> => ({ name, shownDefault: shown, description, range: '', read: (value) => read(value, name) });

/** A value that is absent unless set; `read` checks one that is. */
export const optional = <T>(
  name: string,
  options: Described & { read: (value: string, name: string) => T },
): Variable<T | null> =>
  custom(name, {
    shown: 'unset',
    description: options.description,
    read: (value, ownName) => (value === undefined ? null : options.read(value, ownName)),
  });

export const integer = (
  name: string,
  {
    fallback,
    min,
    max,
    shown,
    description,
  }: Described & { fallback: number; min: number; max: number; shown?: string },
): Variable<number> => {
  if (!description.includes('{range}')) throw new Error(`${name}: the description does not say where {range} goes`);
  return {
    name,
    shownDefault: shown ?? `\`${fallback}\``,
    description,
    range: `(${min} to ${max})`,
    read: (value) => {
      if (value === undefined) return fallback;
      if (!/^\d+$/.test(value)) throw new ConfigError(`${name} must be a whole number, got "${value}"`);
      const parsed = Number(value);
      if (parsed < min || parsed > max) {
        throw new ConfigError(`${name} must be between ${min} and ${max}, got ${parsed}`);
      }
      return parsed;
    },
  };
};

export const text = (name: string, { fallback, description }: Described & { fallback: string }): Variable<string> =>
  custom(name, { shown: `\`${fallback}\``, description, read: (value) => value ?? fallback });

/** A path, absolute once read: a relative one is taken from the working folder. */
export const filePath = (
  name: string,
  { fallback, description }: Described & { fallback: string },
): Variable<string> => ({
  ...text(name, { fallback, description }),
  read: (value, cwd) => path.resolve(cwd, value ?? fallback),
});

/** 1 or 0; `meaning` says what 1 does, in the message a bad value gets. */
export const flag = (
  name: string,
  { fallback, meaning, description }: Described & { fallback: boolean; meaning?: string },
): Variable<boolean> =>
  custom(name, {
    shown: fallback ? '`1`' : '`0`',
    description,
    read: (value) => {
      const given = value ?? (fallback ? '1' : '0');
      if (given !== '0' && given !== '1') {
        throw new ConfigError(`${name} must be 1${meaning ? ` (${meaning})` : ''} or 0, got "${given}"`);
      }
      return given === '1';
    },
  });

type Values<V> = { [K in keyof V]: V[K] extends Variable<infer T> ? T : never };

/** Every variable of `variables` read from `env`, under the same keys. */
export function readVariables<V extends Record<string, Variable<unknown>>>(
  variables: V,
  env: Record<string, string | undefined>,
  cwd: string,
): Values<V> {
  const values: Record<string, unknown> = {};
  for (const [key, variable] of Object.entries(variables)) {
    const trimmed = env[variable.name]?.trim();
    values[key] = variable.read(trimmed ? trimmed : undefined, cwd);
  }
  return values as Values<V>;
}
