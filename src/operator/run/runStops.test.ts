import { describe, expect, it } from 'vitest';
import type { ServiceEpisode } from '../../../shared/contract/service';
import { testMachine } from '../../../tests/support/testMachine';
import { runStops } from './runStops';

const episode = (machineId: string, kind: ServiceEpisode['kind'], minutesLeft: number | null): ServiceEpisode => ({
  machineId,
  district: 'SHA TIN',
  kind,
  from: '2026-11-10T00:00:00.000Z',
  to: null,
  end: 'open',
  minutes: 0,
  minutesLeft,
  verdict: 'unjudged',
});

describe('runStops', () => {
  const machines = [
    testMachine('A', { status: 'Full', coordinates: [22.38, 114.19] }),
    testMachine('B', { status: '<=5%', coordinates: [22.3, 114.17] }),
    testMachine('C', { status: '<=5%', coordinates: [22.39, 114.2] }),
    testMachine('D', { status: '>40%' }),
  ];
  const episodes = [
    episode('A', 'nearlyFull', -30),
    episode('A', 'full', 120),
    episode('B', 'nearlyFull', 60),
    episode('C', 'nearlyFull', 60),
    episode('D', 'full', -500),
    episode('A', 'maintenance', null),
  ];

  it('makes one stop per full or nearly full machine, least time left first, a full one by its full clock', () => {
    const stops = runStops(episodes, machines, null);
    expect(stops.map((stop) => [stop.machine.id, stop.kind, stop.minutesLeft, stop.metres])).toEqual([
      ['B', 'nearlyFull', 60, null],
      ['C', 'nearlyFull', 60, null],
      ['A', 'full', 120, null],
    ]);
  });

  it('puts the nearer first on the same clock, and says how far each is', () => {
    const stops = runStops(episodes, machines, [22.391, 114.2]);
    expect(stops.map((stop) => stop.machine.id)).toEqual(['C', 'B', 'A']);
    expect(stops[0]!.metres).toBeGreaterThan(50);
    expect(stops[0]!.metres).toBeLessThan(200);
  });
});
