import { describe, expect, it } from 'vitest';
import type { Alert } from './alert';
import type { AlertRule } from './alertRule';
import { evaluateRules, type Observed, type WatchedMachine } from './evaluate';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const rule = (id: number, kind: AlertRule['kind'], minutes: number, district: AlertRule['district'] = null) =>
  ({ id, kind, minutes, district, enabled: true, createdAt: '', updatedAt: '' }) satisfies AlertRule;

const machine = (id: string, fields: Partial<WatchedMachine> = {}): WatchedMachine => ({
  id,
  district: 'SHA TIN',
  status: '>40%',
  under_maintenance: false,
  service_status: 0,
  deactivated: false,
  last_online: null,
  ...fields,
});

const watched = (
  id: number,
  ruleId: number,
  subject: string,
  since: string,
  openedAt: string | null = null,
): Alert => ({
  id,
  ruleId,
  kind: 'machineFull',
  subject,
  machineId: subject.replace('machine:', ''),
  district: 'SHA TIN',
  minutes: 60,
  since,
  openedAt,
  closedAt: null,
});

const seen = (machines: WatchedMachine[], feed: Observed['feed'] = null): Observed => ({ machines, feed });

describe('evaluateRules', () => {
  it('watches a machine from when it is first seen full, and opens it once the minutes have passed', () => {
    const full = seen([machine('A', { status: 'Full' }), machine('B')]);
    const first = evaluateRules([rule(1, 'machineFull', 60)], full, [], NOW);
    expect(first).toEqual({
      watch: [
        {
          ruleId: 1,
          kind: 'machineFull',
          subject: 'machine:A',
          machineId: 'A',
          district: 'SHA TIN',
          minutes: 60,
          since: NOW.toISOString(),
          open: false,
        },
      ],
      open: [],
      close: [],
      forget: [],
    });
    const early = evaluateRules([rule(1, 'machineFull', 60)], full, [watched(7, 1, 'machine:A', minutesAgo(59))], NOW);
    expect(early).toEqual({ watch: [], open: [], close: [], forget: [] });
    const late = evaluateRules([rule(1, 'machineFull', 60)], full, [watched(7, 1, 'machine:A', minutesAgo(60))], NOW);
    expect(late.open).toEqual([7]);
  });

  it('closes an open alert whose machine is no longer full, and forgets one that never opened', () => {
    const current = [
      watched(1, 1, 'machine:A', minutesAgo(90), minutesAgo(30)),
      watched(2, 1, 'machine:B', minutesAgo(10)),
      watched(3, 1, 'machine:C', minutesAgo(90), minutesAgo(30)),
    ];
    const changes = evaluateRules(
      [rule(1, 'machineFull', 60)],
      seen([machine('A'), machine('B', { status: '<=5%' }), machine('C', { status: 'Full' })]),
      current,
      NOW,
    );
    expect(changes).toEqual({ watch: [], open: [], close: [1], forget: [2] });
  });

  it('leaves out machines of other districts, deactivated ones, and full ones in maintenance', () => {
    const machines = [
      machine('A', { status: 'Full', district: 'TAI PO' }),
      machine('B', { status: 'Full', deactivated: true }),
      machine('C', { status: 'Full', under_maintenance: true }),
      machine('D', { status: 'Full', service_status: 1 }),
      machine('E', { status: 'Full' }),
    ];
    const changes = evaluateRules([rule(1, 'machineFull', 5, 'SHA TIN')], seen(machines), [], NOW);
    expect(changes.watch.map((alert) => alert.subject)).toEqual(['machine:E']);
  });

  it('watches maintenance, by the flag or service_status 1', () => {
    const machines = [machine('A', { under_maintenance: true }), machine('B', { service_status: 1 }), machine('C')];
    const changes = evaluateRules([rule(1, 'maintenance', 240)], seen(machines), [], NOW);
    expect(changes.watch.map((alert) => alert.subject)).toEqual(['machine:A', 'machine:B']);
  });

  it('opens notReporting at once from the last report time, and never for a machine that never reported', () => {
    const machines = [
      machine('A', { last_online: minutesAgo(31) }),
      machine('B', { last_online: minutesAgo(29) }),
      machine('C', { last_online: null }),
      machine('D', { last_online: 'not a time' }),
    ];
    const changes = evaluateRules([rule(2, 'notReporting', 30)], seen(machines), [], NOW);
    expect(changes.watch).toEqual([
      expect.objectContaining({ subject: 'machine:A', since: minutesAgo(31), open: true }),
    ]);
  });

  it('watches the feed failing, and nothing without a feed', () => {
    const rules = [rule(3, 'feedFailing', 15)];
    expect(evaluateRules(rules, seen([], { failing: true }), [], NOW).watch).toEqual([
      expect.objectContaining({ subject: 'feed', machineId: null, district: null, open: false }),
    ]);
    expect(evaluateRules(rules, seen([], { failing: false }), [], NOW).watch).toEqual([]);
    expect(evaluateRules(rules, seen([], null), [], NOW).watch).toEqual([]);
  });

  it('keeps one alert per rule and subject, each rule its own', () => {
    const rules = [rule(1, 'machineFull', 60), rule(2, 'machineFull', 240)];
    const changes = evaluateRules(
      rules,
      seen([machine('A', { status: 'Full' })]),
      [watched(9, 1, 'machine:A', minutesAgo(5))],
      NOW,
    );
    expect(changes.watch).toEqual([expect.objectContaining({ ruleId: 2, subject: 'machine:A' })]);
    expect(changes.open).toEqual([]);
  });

  it('watches nothing for a disabled rule, and closes what it had open', () => {
    const disabled = { ...rule(1, 'machineFull', 1), enabled: false };
    const changes = evaluateRules(
      [disabled],
      seen([machine('A', { status: 'Full' })]),
      [watched(4, 1, 'machine:A', minutesAgo(90), minutesAgo(89))],
      NOW,
    );
    expect(changes).toEqual({ watch: [], open: [], close: [4], forget: [] });
  });
});
