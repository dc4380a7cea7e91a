import { describe, expect, it } from 'vitest';
import { replaceMachine } from './replaceMachine';
import type { Machine } from '../../shared/machine';
import { replacedRows } from './listEdits';

const m = (id: string, status: Machine['status']) => ({ id, status }) as Machine;

describe('list edits', () => {
  const list = [m('a', '>40%'), m('b', '>40%'), m('c', 'Full')];

  it('names the row replaceMachine replaced, against the list it was made from only', () => {
    const next = replaceMachine(list, m('c', '>40%'));
    expect(replacedRows(next, list)).toEqual([2]);
    const after = replaceMachine(next, m('a', 'Full'));
    expect(replacedRows(after, next)).toEqual([0]);
    expect(replacedRows(after, list)).toBeUndefined();
    expect(replacedRows(list.slice(), list)).toBeUndefined();
  });
});
