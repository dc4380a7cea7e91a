import { describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/machine';
import { callEnded, callStarted, changeCame, NO_CALLS } from './changesInFlight';

const machine = (id: string, status: Machine['status']) => ({ id, status }) as Machine;

describe('live changes while list calls are on their way', () => {
  it('keeps nothing while no call is on its way', () => {
    expect(changeCame(NO_CALLS, machine('A', 'Full'))).toBe(NO_CALLS);
  });

  it('gives a call the changes since it started, in order, and forgets them when no call is left', () => {
    const start = NO_CALLS.next;
    let state = callStarted(NO_CALLS);
    state = changeCame(state, machine('A', 'Full'));
    state = changeCame(state, machine('A', '>40%'));
    const ended = callEnded(state, start);
    expect(ended.since.map((m) => m.status)).toEqual(['Full', '>40%']);
    expect(ended.state.calls).toEqual([]);
    expect(ended.state.changes).toEqual([]);
  });

  it('gives a later call only the changes since it started, and keeps them for a call still on its way', () => {
    let state = callStarted(NO_CALLS);
    const first = NO_CALLS.next;
    state = changeCame(state, machine('A', 'Full'));
    const second = state.next;
    state = callStarted(state);
    state = changeCame(state, machine('B', 'Full'));

    const secondEnded = callEnded(state, second);
    expect(secondEnded.since.map((m) => m.id)).toEqual(['B']);
    expect(secondEnded.state.changes.map((c) => c.machine.id)).toEqual(['A', 'B']);

    const firstEnded = callEnded(secondEnded.state, first);
    expect(firstEnded.since.map((m) => m.id)).toEqual(['A', 'B']);
    expect(firstEnded.state).toMatchObject({ calls: [], changes: [] });
  });
});
