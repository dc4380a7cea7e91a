import { describe, expect, it } from 'vitest';
import { episodeMinutes, episodesOf, type EpisodeEntry } from './episodes';

const entry = (at: string, state: Partial<EpisodeEntry> = {}): EpisodeEntry => ({
  at,
  status: '>40%',
  under_maintenance: false,
  service_status: 0,
  deactivated: false,
  last_emptied_at: null,
  ...state,
});

describe('episodesOf', () => {
  it('makes a full and a nearly-full episode of a machine that fills and is emptied', () => {
    const episodes = episodesOf('A', [
      entry('2026-11-02T01:00:00.000Z'),
      entry('2026-11-02T02:00:00.000Z', { status: '<=5%' }),
      entry('2026-11-02T03:00:00.000Z', { status: 'Full' }),
      entry('2026-11-02T05:30:00.000Z', { status: '>40%' }),
    ]);
    expect(episodes).toEqual([
      {
        machineId: 'A',
        kind: 'nearlyFull',
        from: '2026-11-02T02:00:00.000Z',
        to: '2026-11-02T05:30:00.000Z',
        end: 'emptied',
      },
      {
        machineId: 'A',
        kind: 'full',
        from: '2026-11-02T03:00:00.000Z',
        to: '2026-11-02T05:30:00.000Z',
        end: 'emptied',
      },
    ]);
    expect(episodeMinutes(episodes[1]!, 0)).toBe(150);
  });

  it('keeps overlapping episodes apart: maintenance during a full spell ends the full one, not the nearly full', () => {
    const episodes = episodesOf('A', [
      entry('2026-11-02T03:00:00.000Z', { status: 'Full' }),
      entry('2026-11-02T04:00:00.000Z', { status: 'Full', under_maintenance: true }),
      entry('2026-11-02T04:20:00.000Z', { status: 'Full', under_maintenance: true, service_status: 1 }),
      entry('2026-11-02T04:40:00.000Z', { status: '>40%', under_maintenance: false, service_status: 1 }),
      entry('2026-11-02T05:00:00.000Z', { status: '>40%' }),
    ]);
    expect(episodes.map(({ kind, from, to, end }) => [kind, from.slice(11, 16), to?.slice(11, 16), end])).toEqual([
      ['full', '03:00', '04:00', 'takenOutOfService'],
      ['nearlyFull', '03:00', '04:00', 'takenOutOfService'],
      ['maintenance', '04:00', '04:40', 'backToService'],
      ['outOfService', '04:20', '05:00', 'backToService'],
    ]);
  });

  it('ends every episode of a machine deactivated while full', () => {
    const episodes = episodesOf('A', [
      entry('2026-11-02T03:00:00.000Z', { status: 'Full' }),
      entry('2026-11-02T09:00:00.000Z', { status: 'Full', deactivated: true }),
      entry('2026-11-03T09:00:00.000Z', { status: 'Full', deactivated: false }),
    ]);
    expect(episodes.map(({ kind, from, to, end }) => [kind, from.slice(5, 16), to?.slice(5, 16) ?? null, end])).toEqual(
      [
        ['full', '11-02T03:00', '11-02T09:00', 'deactivated'],
        ['nearlyFull', '11-02T03:00', '11-02T09:00', 'deactivated'],
        ['full', '11-03T09:00', null, 'open'],
        ['nearlyFull', '11-03T09:00', null, 'open'],
      ],
    );
  });

  it('takes the emptying time the controller reports after a feed gap', () => {
    const [full] = episodesOf('A', [
      entry('2026-11-02T03:00:00.000Z', { status: 'Full' }),
      // The feed was silent for 10 hours; the machine says it was emptied at 05:00.
      entry('2026-11-02T13:00:00.000Z', { status: '<=40%', last_emptied_at: '2026-11-02T05:00:00.000Z' }),
    ]);
    expect(full).toMatchObject({ kind: 'full', to: '2026-11-02T05:00:00.000Z', end: 'emptied' });
  });

  it('ends a gap at the next entry when the controller reports no emptying', () => {
    const [full] = episodesOf('A', [
      entry('2026-11-02T03:00:00.000Z', { status: 'Full', last_emptied_at: '2026-11-01T00:00:00.000Z' }),
      entry('2026-11-02T13:00:00.000Z', { status: '<=40%', last_emptied_at: '2026-11-01T00:00:00.000Z' }),
    ]);
    expect(full).toMatchObject({ to: '2026-11-02T13:00:00.000Z', end: 'emptied' });
  });

  it('splits a full spell at an emptying reported while the machine still reads full', () => {
    const episodes = episodesOf('A', [
      entry('2026-11-02T03:00:00.000Z', { status: 'Full' }),
      entry('2026-11-02T08:00:00.000Z', { status: 'Full', last_emptied_at: '2026-11-02T04:00:00.000Z' }),
    ]).filter((episode) => episode.kind === 'full');
    expect(episodes).toEqual([
      {
        machineId: 'A',
        kind: 'full',
        from: '2026-11-02T03:00:00.000Z',
        to: '2026-11-02T04:00:00.000Z',
        end: 'emptied',
      },
      { machineId: 'A', kind: 'full', from: '2026-11-02T08:00:00.000Z', to: null, end: 'open' },
    ]);
  });

  it('reads the entries in time order, whatever order they come in, and leaves out unreadable times', () => {
    const episodes = episodesOf('A', [
      entry('2026-11-02T05:00:00.000Z'),
      entry('not a time', { status: 'Full' }),
      entry('2026-11-02T03:00:00.000Z', { status: 'Full' }),
    ]);
    expect(episodes.filter((episode) => episode.kind === 'full')).toEqual([
      {
        machineId: 'A',
        kind: 'full',
        from: '2026-11-02T03:00:00.000Z',
        to: '2026-11-02T05:00:00.000Z',
        end: 'emptied',
      },
    ]);
  });

  it('counts an open episode up to now', () => {
    const [full] = episodesOf('A', [entry('2026-11-02T03:00:00.000Z', { status: 'Full' })]);
    expect(episodeMinutes(full!, Date.parse('2026-11-02T07:30:00.000Z'))).toBe(270);
  });
});
