import { describe, expect, it } from 'vitest';
import { parseOwnSessions } from './ownSessions';

const at = (minute: number) => `2026-11-28T08:${String(minute).padStart(2, '0')}:00.000Z`;
const entry = (handle: string, lastSeen: number, current = false) => ({
  handle,
  createdAt: at(0),
  lastSeenAt: at(lastSeen),
  address: '192.0.2.1',
  agent: 'Firefox 133 · Linux',
  current,
});

describe('parseOwnSessions', () => {
  it('puts the current session first, then the most recently active', () => {
    const parsed = parseOwnSessions({ sessions: [entry('a', 5), entry('b', 9), entry('c', 1, true)] });
    expect(parsed.map((s) => s.handle)).toEqual(['c', 'b', 'a']);
  });

  it('leaves out what is not a session, and reads a missing address or browser as unknown', () => {
    const { address: _a, agent: _b, ...bare } = entry('d', 2);
    expect(parseOwnSessions({ sessions: [null, { handle: 1 }, bare] })).toEqual([
      { ...bare, address: '', agent: '', current: false },
    ]);
    expect(parseOwnSessions(undefined)).toEqual([]);
    expect(parseOwnSessions({ sessions: 'none' })).toEqual([]);
  });
});
