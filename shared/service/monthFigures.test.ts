import { describe, expect, it } from 'vitest';
import type { Episode } from './episodes';
import { monthFigures, percentile, verdictOf } from './monthFigures';

const NOW = Date.parse('2026-12-05T00:00:00.000Z');
const HOUR = 60 * 60 * 1000;

function full(machineId: string, from: string, hours: number | null, end: Episode['end'] = 'emptied'): Episode {
  const to = hours === null ? null : new Date(Date.parse(from) + hours * HOUR).toISOString();
  return { machineId, kind: 'full', from, to, end: hours === null ? 'open' : end };
}

describe('verdictOf', () => {
  it('keeps an emptying within the promise, breaks a longer one however it ended', () => {
    expect(verdictOf(full('A', '2026-11-02T00:00:00.000Z', 4), 240, NOW)).toBe('kept');
    expect(verdictOf(full('A', '2026-11-02T00:00:00.000Z', 4.5), 240, NOW)).toBe('broken');
    expect(verdictOf(full('A', '2026-11-02T00:00:00.000Z', 5, 'deactivated'), 240, NOW)).toBe('broken');
    expect(verdictOf(full('A', '2026-11-02T00:00:00.000Z', 1, 'takenOutOfService'), 240, NOW)).toBe('unjudged');
    expect(verdictOf(full('A', '2026-12-04T22:00:00.000Z', null), 240, NOW)).toBe('unjudged');
    expect(verdictOf(full('A', '2026-12-04T19:00:00.000Z', null), 240, NOW)).toBe('broken');
  });
});

describe('percentile', () => {
  it('takes the nearest rank', () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(percentile([...Array(100).keys()], 0.95)).toBe(94);
  });
});

describe('monthFigures', () => {
  const episodes: Episode[] = [
    full('A', '2026-11-02T00:00:00.000Z', 1),
    full('A', '2026-11-03T00:00:00.000Z', 6),
    full('A', '2026-11-04T00:00:00.000Z', 5),
    full('B', '2026-11-03T00:00:00.000Z', 8),
    full('C', '2026-11-03T02:00:00.000Z', 2),
    // 01:00 on 1 November in Hong Kong: November's.
    full('C', '2026-10-31T17:00:00.000Z', 3),
    // 23:00 on 31 October in Hong Kong: October's.
    full('D', '2026-10-31T15:00:00.000Z', 9),
    { machineId: 'A', kind: 'nearlyFull', from: '2026-11-01T23:00:00.000Z', to: null, end: 'open' },
  ];
  const figures = monthFigures(episodes, '2026-11', 240, NOW);

  it('counts the month’s full episodes, kept and broken', () => {
    expect(figures).toMatchObject({ episodes: 6, nearlyFullEpisodes: 1, kept: 3, broken: 3, keptShare: 0.5 });
    expect(figures.hoursFull).toBe(1 + 6 + 5 + 8 + 2 + 3);
    expect(figures.medianMinutesToEmpty).toBe(180);
    expect(figures.p95MinutesToEmpty).toBe(480);
  });

  it('ranks the machines that broke it most', () => {
    expect(figures.worstMachines).toEqual([
      { machineId: 'A', broken: 2, lateMinutes: 120 + 60 },
      { machineId: 'B', broken: 1, lateMinutes: 240 },
    ]);
  });

  it('gives the share per Hong Kong day', () => {
    expect(figures.days).toHaveLength(30);
    expect(figures.days[0]).toEqual({ day: '2026-11-01', episodes: 1, kept: 1, broken: 0, keptShare: 1 });
    expect(figures.days[2]).toEqual({ day: '2026-11-03', episodes: 3, kept: 1, broken: 2, keptShare: 1 / 3 });
    expect(figures.days[10]!.keptShare).toBeNull();
  });

  it('has nothing to say of an empty month', () => {
    expect(monthFigures([], '2026-11', 240, NOW)).toMatchObject({
      episodes: 0,
      keptShare: null,
      medianMinutesToEmpty: null,
      worstMachines: [],
    });
  });
});
