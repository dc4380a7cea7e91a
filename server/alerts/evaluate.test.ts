import { describe, expect, it } from 'vitest';
import type { Alert } from './alert';
import type { AlertRule } from './alertRule';
import { evaluateRules, reportBurst, type Observed, type WatchedMachine } from './evaluate';

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

describe('reportBurst', () => {
  const WINDOW_MS = 30 * 60_000;
  it.each([
    ['3 within 30 minutes, the last just now', [25, 10, 0], 3, minutesAgo(25)],
    ['2 only', [10, 0], 3, null],
    ['3, but over 40 minutes', [40, 20, 0], 3, null],
    ['from the first of 3 within the window', [50, 35, 29, 28], 3, minutesAgo(50)],
    ['3 within the window, all long ago', [100, 90, 80], 3, null],
    ['4 asked for, 4 in the window', [20, 15, 5, 1], 4, minutesAgo(20)],
  ])('%s', (_, ago, count, expected) => {
    expect(reportBurst(ago.map(minutesAgo), count, WINDOW_MS, NOW.getTime())).toBe(expected);
  });
});

describe('reportedFull rules', () => {
  const full = (times: number[], fields: Partial<WatchedMachine> = {}): Observed => ({
    ...seen([machine('A', fields)]),
    fullReports: new Map([['A', times.map(minutesAgo)]]),
    reportAlertCount: 3,
  });
  const reported = (since: string): Alert => ({ ...watched(7, 1, 'machine:A', since, since), kind: 'reportedFull' });

  it('opens at once on 3 reports within the minutes, from the first of them', () => {
    const changes = evaluateRules([rule(1, 'reportedFull', 30)], full([20, 9, 1]), [], NOW);
    expect(changes.watch).toEqual([
      expect.objectContaining({ kind: 'reportedFull', subject: 'machine:A', since: minutesAgo(20), open: true }),
    ]);
  });

  it('opens nothing for 2 reports, nor for a machine shown full, at 5% or in maintenance', () => {
    const rules = [rule(1, 'reportedFull', 30)];
    expect(evaluateRules(rules, full([9, 1]), [], NOW).watch).toEqual([]);
    for (const fields of [{ status: 'Full' }, { status: '<=5%' }, { under_maintenance: true }] as const) {
      expect(evaluateRules(rules, full([20, 9, 1], fields), [], NOW).watch).toEqual([]);
    }
  });

  it('keeps an open alert while its reports stay open, past the window; closes it when they do not', () => {
    const rules = [rule(1, 'reportedFull', 30)];
    const open = reported(minutesAgo(90));
    expect(evaluateRules(rules, full([90, 80, 70]), [open], NOW)).toEqual({
      watch: [],
      open: [],
      close: [],
      forget: [],
    });
    expect(evaluateRules(rules, full([90, 80]), [open], NOW).close).toEqual([7]);
    expect(evaluateRules(rules, full([90, 80, 70], { status: 'Full' }), [open], NOW).close).toEqual([7]);
  });
});
