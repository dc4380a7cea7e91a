import { describe, expect, it } from 'vitest';
import { lookalikeOf, nameSkeleton } from './nameSkeleton';

describe('nameSkeleton and lookalikeOf', () => {
  it.each([
    ['Cyrillic а for Latin a', 'аnn', 'ann'],
    ['Greek ο for Latin o', 'οlive', 'olive'],
    ['full-width letters', 'ａｎｎ', 'ann'],
    ['rn for m', 'rnary', 'mary'],
    ['a zero for o', 'b0b', 'bob'],
    ['a one for l', 'a1ice', 'alice'],
  ])('finds %s alike', (_name, one, other) => {
    expect(nameSkeleton(one)).toBe(nameSkeleton(other));
    expect(lookalikeOf(one, ['chan', other])).toBe(other);
  });

  it.each([
    ['another letter', 'ann', 'anne'],
    ['another separator', 'ann.lee', 'ann_lee'],
    ['a digit more', 'op7', 'op77'],
    ['Chinese names', '陳大文', '陳小文'],
  ])('tells %s apart', (_name, one, other) => {
    expect(lookalikeOf(one, [other])).toBeNull();
  });

  it('is not alike itself: the same name is taken, not a lookalike', () => {
    expect(lookalikeOf('ann', ['ann'])).toBeNull();
  });
});
