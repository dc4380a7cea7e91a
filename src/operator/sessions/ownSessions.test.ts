import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
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
    const parsed = parseOwnSessions({ success: true, sessions: [entry('a', 5), entry('b', 9), entry('c', 1, true)] });
    expect(parsed.map((s) => s.handle)).toEqual(['c', 'b', 'a']);
  });

  it.each([
    ['a list that is not one', { success: true, sessions: 'none' }, 'answer.sessions'],
    [
      'an entry that is not a session',
      { success: true, sessions: [entry('a', 1), { handle: 1 }] },
      'answer.sessions[1]',
    ],
    ['an entry without its browser', { success: true, sessions: [{ ...entry('a', 1), agent: undefined }] }, 'agent'],
    ['no answer', undefined, 'answer'],
  ])('refuses %s, saying where', (_name, body, at) => {
    expect(() => parseOwnSessions(body)).toThrow(ApiError);
    try {
      parseOwnSessions(body);
    } catch (error) {
      expect(String((error as ApiError).cause)).toContain(at);
    }
  });
});
