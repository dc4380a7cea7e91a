import { describe, expect, it } from 'vitest';
import { fullHoursByDay, parseStateEntries, statePoints, type StateEntry } from './stateHistory';

const HOUR = 3_600_000;
// 10:00 on 3 March 2026 in Hong Kong.
const NOW = Date.parse('2026-03-03T02:00:00Z');
const state = (at: number, status: StateEntry['status'], over: Partial<StateEntry> = {}): StateEntry => ({
  at,
  status,
  under_maintenance: false,
  service_status: 0,
  deactivated: false,
  ...over,
});

describe('parseStateEntries', () => {
  it('reads the entries and leaves out malformed ones', () => {
    const body = {
      success: true,
      history: [
        { at: '2026-03-01T00:00:00Z', status: 'Full', under_maintenance: false, service_status: 0, deactivated: false },
        { at: 'yesterday', status: 'Full' },
        { at: '2026-03-02T00:00:00Z', status: 'weird', under_maintenance: true, service_status: 1, deactivated: true },
        'nonsense',
      ],
    };
    expect(parseStateEntries(body)).toEqual([
      state(Date.parse('2026-03-01T00:00:00Z'), 'Full'),
      state(Date.parse('2026-03-02T00:00:00Z'), null, {
        under_maintenance: true,
        service_status: 1,
        deactivated: true,
      }),
    ]);
    expect(parseStateEntries({ success: false })).toEqual([]);
  });
});

describe('statePoints', () => {
  const since = NOW - 30 * 24 * HOUR;

  it('is one state all along when nothing changed in the window', () => {
    expect(statePoints([], state(NOW, 'Full'), since)).toEqual([
      { at: since, state: 'full' },
      { at: NOW, state: 'full' },
    ]);
  });

  it('steps at each change of what the public saw, and ends now', () => {
    const entries = [
      state(NOW - 5 * HOUR, '>40%'),
      state(NOW - 4 * HOUR, '<=40%'),
      state(NOW - 3 * HOUR, 'Full'),
      state(NOW - 2 * HOUR, 'Full', { under_maintenance: true }),
      state(NOW - HOUR, 'Full', { deactivated: true }),
    ];
    expect(statePoints(entries, state(NOW, 'Full', { deactivated: true }), since)).toEqual([
      { at: NOW - 5 * HOUR, state: 'available' },
      { at: NOW - 3 * HOUR, state: 'full' },
      { at: NOW - 2 * HOUR, state: 'maintenance' },
      { at: NOW - HOUR, state: 'deactivated' },
      { at: NOW, state: 'deactivated' },
    ]);
  });
});

describe('fullHoursByDay', () => {
  it('counts the hours Full on each Hong Kong day, today so far', () => {
    // Full from 22:00 on 1 March to 04:00 on 2 March (HK), then again from 08:00 on 3 March until now (10:00).
    const entries = [
      state(Date.parse('2026-03-01T12:00:00+08:00'), '>40%'),
      state(Date.parse('2026-03-01T22:00:00+08:00'), 'Full'),
      state(Date.parse('2026-03-02T04:00:00+08:00'), '>40%'),
      state(Date.parse('2026-03-03T08:00:00+08:00'), 'Full'),
    ];
    expect(fullHoursByDay(entries, state(NOW, 'Full'), 4)).toEqual([
      { day: '2026-02-28', hours: null },
      { day: '2026-03-01', hours: 2 },
      { day: '2026-03-02', hours: 4 },
      { day: '2026-03-03', hours: 2 },
    ]);
  });

  it('carries a state from before the window into it', () => {
    const entries = [state(Date.parse('2026-02-20T00:00:00+08:00'), 'Full')];
    expect(fullHoursByDay(entries, state(NOW, 'Full'), 2)).toEqual([
      { day: '2026-03-02', hours: 24 },
      { day: '2026-03-03', hours: 10 },
    ]);
  });

  it('takes the state it is in now for every day when nothing is recorded', () => {
    expect(fullHoursByDay([], state(NOW, '<=20%'), 2)).toEqual([
      { day: '2026-03-02', hours: 0 },
      { day: '2026-03-03', hours: 0 },
    ]);
  });
});
