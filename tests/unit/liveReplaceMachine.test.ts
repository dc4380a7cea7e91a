import { describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/machine';
import { replaceMachine } from '../../src/machines/replaceMachine';

const m = (id: string, status: Machine['status']) => ({ id, status }) as Machine;

describe('replaceMachine', () => {
  const list = [m('a', '>40%'), m('b', '>40%'), m('c', 'Full')];

  it('replaces only the machine with that id, in a new list', () => {
    const next = replaceMachine(list, m('b', 'Full'));
    expect(next).not.toBe(list);
    expect(next.map((x) => x.status)).toEqual(['>40%', 'Full', 'Full']);
    expect(next[0]).toBe(list[0]);
    expect(next[2]).toBe(list[2]);
  });

  it('keeps the same list for a machine it does not know', () => {
    expect(replaceMachine(list, m('z', 'Full'))).toBe(list);
  });
});
