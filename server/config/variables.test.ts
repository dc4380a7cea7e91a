import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VARIABLES } from './variables';

const CWD = '/srv/rvm';
const MIB = 1024 * 1024;

/** What a default shown as `value`, unset, empty or N MiB reads as. */
function shownAs(shown: string, value: unknown): unknown {
  if (shown === 'unset') return null;
  if (shown === 'empty') return [];
  const mib = /^(\d+) MiB$/.exec(shown);
  if (mib) return Number(mib[1]) * MIB;
  const literal = /^`(.+)`$/.exec(shown)?.[1];
  if (literal === undefined) throw new Error(`a default shown as ${shown}`);
  if (typeof value === 'boolean') return literal === '1' || literal === 'true';
  if (typeof value === 'number') return Number(literal);
  return value === path.resolve(CWD, literal) ? value : literal;
}

describe('the variables', () => {
  it.each(Object.values(VARIABLES))('$name reads as its documented default when unset', (variable) => {
    const value = variable.read(undefined, CWD);
    expect(value).toEqual(shownAs(variable.shownDefault, value));
  });

  it('are named once each', () => {
    const names = Object.values(VARIABLES).map((variable) => variable.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
