import { describe, expect, it } from 'vitest';
import { sameJson } from './sameJson';

describe('sameJson', () => {
  it('holds values with the same data the same, whatever the objects', () => {
    expect(sameJson({ a: 1, b: [1, { c: 'x' }], d: null }, { b: [1, { c: 'x' }], d: null, a: 1 })).toBe(true);
    expect(sameJson([], [])).toBe(true);
    expect(sameJson('x', 'x')).toBe(true);
  });

  it('tells apart a changed value, a missing or extra key, an array from an object, and the order of an array', () => {
    expect(sameJson({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameJson({ 0: 'x' }, ['x'])).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: null }, { a: {} })).toBe(false);
    expect(sameJson(1, '1')).toBe(false);
  });
});
