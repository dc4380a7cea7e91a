import { describe, expect, it } from 'vitest';
import { testMachine } from '../../tests/support/testMachine';
import { keptListFrom } from './lastList';

describe('keptListFrom', () => {
  const machine = testMachine('a');

  it.each([
    ['nothing', null],
    ['a string', 'list'],
    ['no time', { rvms: [machine] }],
    ['a time that is not a number', { fetchedAt: '12:00', rvms: [machine] }],
    ['no machines', { fetchedAt: 1 }],
  ])('reads %s as no list', (_name, stored) => {
    expect(keptListFrom(stored)).toBeNull();
  });

  it('reads the machines and their time, leaving off rows the list call would leave off', () => {
    const kept = keptListFrom({ fetchedAt: 1_700_000_000_000, rvms: [machine, { id: '' }, machine] });
    expect(kept?.fetchedAt).toBe(1_700_000_000_000);
    expect(kept?.machines.map((m) => m.id)).toEqual(['a']);
  });
});
