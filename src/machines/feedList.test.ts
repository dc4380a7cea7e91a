import { describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/machine';
import { loadedFeed, replaceMachine } from './feedList';

const m = (id: string, status: Machine['status']) => ({ id, status }) as Machine;

describe('replaceMachine', () => {
  const feed = loadedFeed([m('a', '>40%'), m('b', '>40%'), m('c', 'Full')]);

  it('replaces only the machine with that id, in a new list', () => {
    const next = replaceMachine(feed, m('b', 'Full')).machines;
    expect(next).not.toBe(feed.machines);
    expect(next.map((x) => x.status)).toEqual(['>40%', 'Full', 'Full']);
    expect(next[0]).toBe(feed.machines[0]);
    expect(next[2]).toBe(feed.machines[2]);
  });

  it('keeps the same list for a machine it does not know', () => {
    expect(replaceMachine(feed, m('z', 'Full'))).toBe(feed);
  });
});
