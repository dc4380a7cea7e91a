import { describe, expect, expectTypeOf, it } from 'vitest';
import { checkWire, wireMessage, type WireCheck } from './wire';

const THING = {
  type: 'object',
  required: ['id', 'kind', 'note', 'tags', 'size'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    kind: { type: 'string', enum: ['small', 'large'] },
    note: { type: ['string', 'null'], maxLength: 5 },
    tags: { type: 'array', maxItems: 2, items: { type: 'string', minLength: 1 } },
    size: { type: 'number', maximum: 10 },
    done: { type: 'boolean', const: true },
    parent: {
      anyOf: [{ type: 'null' }, { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }],
    },
  },
} as const;

const GOOD = { id: 1, kind: 'small', note: null, tags: ['a'], size: 2.5 };

const failure = (value: unknown) => {
  const checked = checkWire(THING, value);
  return checked.ok ? 'ok' : wireMessage(checked);
};

describe('checkWire', () => {
  it('gives back a value that fits, as it came, of the schema’s type', () => {
    const value = { ...GOOD, done: true, parent: { id: 4 } };
    const checked = checkWire(THING, value);
    expect(checked).toEqual({ ok: true, value });
    expect(checked.ok && checked.value).toBe(value);
    expectTypeOf(checked).toEqualTypeOf<
      WireCheck<{
        id: number;
        kind: 'small' | 'large';
        note: string | null;
        tags: string[];
        size: number;
        done?: true;
        parent?: { id: number; [field: string]: unknown } | null;
      }>
    >();
  });

  it('leaves out optional fields and reads null where the type allows it', () => {
    expect(failure(GOOD)).toBe('ok');
    expect(failure({ ...GOOD, parent: null })).toBe('ok');
  });

  it('lets fields beyond the schema through, so that an older console reads a newer server', () => {
    expect(failure({ ...GOOD, addedLater: 'x' })).toBe('ok');
  });

  it.each([
    ['not an object', 'thing', 'answer: "thing" is not an object'],
    ['a list for an object', [GOOD], 'answer: a list is not an object'],
    ['a required field missing', { ...GOOD, kind: undefined }, 'answer.kind: is missing'],
    ['a wrong type', { ...GOOD, id: '1' }, 'answer.id: "1" is not an integer'],
    ['a fraction for an integer', { ...GOOD, id: 1.5 }, 'answer.id: 1.5 is not an integer'],
    ['null where it is not allowed', { ...GOOD, size: null }, 'answer.size: null is not a number'],
    ['not a finite number', { ...GOOD, size: Infinity }, 'answer.size: null is not a number'],
    [
      'a value outside the enumeration',
      { ...GOOD, kind: 'huge' },
      'answer.kind: "huge" is not one of "small", "large"',
    ],
    ['a value other than the constant', { ...GOOD, done: false }, 'answer.done: false is not true'],
    ['a number below the minimum', { ...GOOD, id: 0 }, 'answer.id: 0 is not within 1 to Infinity'],
    ['a number above the maximum', { ...GOOD, size: 11 }, 'answer.size: 11 is not within -Infinity to 10'],
    ['a text too long', { ...GOOD, note: 'toolong' }, 'answer.note: 7 characters, not 0 to 5'],
    ['a list too long', { ...GOOD, tags: ['a', 'b', 'c'] }, 'answer.tags: 3 items, not 0 to 2'],
    ['a bad item', { ...GOOD, tags: ['a', ''] }, 'answer.tags[1]: 0 characters, not 1 to Infinity'],
    ['a value fitting no schema of anyOf', { ...GOOD, parent: { id: 'x' } }, 'answer.parent.id: "x" is not an integer'],
  ])('refuses %s, saying where and why', (_name, value, message) => {
    expect(failure(value)).toBe(message);
  });

  it('reads only the value’s own fields, never one an object inherits', () => {
    const schema = { type: 'object', required: ['constructor'] } as const;
    expect(checkWire(schema, {})).toEqual({ ok: false, at: 'answer.constructor', problem: 'is missing' });
  });

  it('names the place from where the caller says, and cuts a long value short', () => {
    const checked = checkWire({ type: 'integer' } as const, 'x'.repeat(100), 'people[3]');
    expect(checked).toEqual({ ok: false, at: 'people[3]', problem: `"${'x'.repeat(38)}… is not an integer` });
  });
});
