import { describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/machine';
import { loadedFeed, reloadedFeed, replaceMachine } from './feedList';

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

  it('keeps the same list for a machine that has not changed', () => {
    expect(replaceMachine(feed, m('c', 'Full'))).toBe(feed);
  });
});

describe('reloadedFeed', () => {
  const answer = () => [m('a', '>40%'), m('b', 'Full')];

  it('keeps the feed it has when the list call answers the same machines again', () => {
    const feed = loadedFeed(answer());
    expect(reloadedFeed(feed, answer())).toBe(feed);
  });

  it('keeps a feed a live change patched when the answer says the same', () => {
    const patched = replaceMachine(loadedFeed(answer()), m('a', 'Full'));
    expect(reloadedFeed(patched, [m('a', 'Full'), m('b', 'Full')])).toBe(patched);
  });

  it('takes the answer when a machine changed, came, went or moved in the order', () => {
    const feed = loadedFeed(answer());
    for (const machines of [
      [m('a', 'Full'), m('b', 'Full')],
      [...answer(), m('c', 'Full')],
      [m('a', '>40%')],
      answer().reverse(),
    ]) {
      const next = reloadedFeed(feed, machines);
      expect(next).not.toBe(feed);
      expect(next.machines).toBe(machines);
      expect(next.edit).toBeNull();
    }
  });
});
