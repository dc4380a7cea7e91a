// Closed alerts and finished webhook deliveries are pruned after the audit's retention; nothing still open or still
// to be delivered is. On SQLite and on PostgreSQL.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewAlert } from '../../server/alerts/alert';
import { eventBody } from '../../server/alerts/eventBody';
import type { AlertStore } from '../../server/db/alertStore';
import { historyCutoff } from '../../server/db/feedStore';
import { buildApp } from '../../server/app';
import { makeTempDir, openTestEngine, type TestEngine } from './helpers';
import { waitFor } from './webhookReceiver';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-28T00:00:00.000Z');
const daysAgo = (days: number): string => new Date(NOW.getTime() - days * DAY_MS).toISOString();

let dir: string;
let test: TestEngine;
let alerts: AlertStore;

beforeAll(async () => {
  dir = makeTempDir();
  test = await openTestEngine(dir, {}, 'server');
  alerts = test.engine.alerts;
});
afterAll(async () => {
  await test?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Opens an alert on `machineId` at `openedAt` (queuing an event per webhook), and closes it at `closedAt`. */
async function alertOn(ruleId: number, machineId: string, openedAt: string, closedAt: string | null): Promise<number> {
  const watch: NewAlert = {
    ruleId,
    kind: 'notReporting',
    subject: `machine:${machineId}`,
    machineId,
    district: null,
    minutes: 30,
    since: openedAt,
    open: true,
  };
  await alerts.applyChanges({ watch: [watch], open: [], close: [], forget: [] }, openedAt, eventBody);
  const alert = (await alerts.currentAlerts()).find((candidate) => candidate.machineId === machineId)!;
  if (closedAt) await alerts.applyChanges({ watch: [], open: [], close: [alert.id], forget: [] }, closedAt, eventBody);
  return alert.id;
}

const finish = async (alertId: number, state: 'delivered' | 'failed') => {
  for (const delivery of await alerts.deliveries(null, 100)) {
    if (delivery.alertId !== alertId) continue;
    await alerts.recordAttempt(delivery.id, {
      state,
      nextAttemptAt: null,
      lastStatus: state === 'delivered' ? 204 : 500,
      lastError: null,
      at: delivery.createdAt,
    });
  }
};

describe('pruning the alerts', () => {
  it('forgets closed alerts and finished deliveries past the retention, and nothing else', async () => {
    const rule = await alerts.addRule(
      { kind: 'notReporting', minutes: 30, district: null, enabled: true },
      daysAgo(900),
    );
    await alerts.addWebhook(
      { url: 'http://127.0.0.1:9/', description: '', enabled: true },
      'x'.repeat(16),
      daysAgo(900),
    );
    const old = await alertOn(rule.id, 'RVM-001', daysAgo(400), daysAgo(399));
    await finish(old, 'delivered');
    const oldFailed = await alertOn(rule.id, 'RVM-002', daysAgo(400), daysAgo(399));
    await finish(oldFailed, 'failed');
    // Closed long ago, but its close event is still being retried: kept, with its log.
    const stillSending = await alertOn(rule.id, 'RVM-003', daysAgo(400), daysAgo(399));
    const recent = await alertOn(rule.id, 'RVM-004', daysAgo(10), daysAgo(9));
    await finish(recent, 'delivered');
    // Open for over a year: never pruned; its open event's delivery, made over a year ago, is.
    const open = await alertOn(rule.id, 'RVM-005', daysAgo(500), null);
    await finish(open, 'delivered');

    const pruned = await alerts.prune(historyCutoff(365, NOW));
    expect(pruned).toEqual({ alerts: 2, deliveries: 5 });
    expect((await alerts.closedAlerts(null, 100)).map((alert) => alert.id).sort()).toEqual(
      [stillSending, recent].sort(),
    );
    expect((await alerts.currentAlerts()).map((alert) => alert.id)).toEqual([open]);
    const left = await alerts.deliveries(null, 100);
    expect(left.filter((delivery) => delivery.alertId === stillSending).map((delivery) => delivery.state)).toEqual([
      'pending',
      'pending',
    ]);
    expect(left.filter((delivery) => delivery.alertId === recent)).toHaveLength(2);
    expect(left.filter((delivery) => delivery.alertId === open)).toEqual([]);
    expect(await alerts.listRules()).toHaveLength(1);
    expect(await alerts.listWebhooks()).toHaveLength(1);
    // A second pass has nothing left to do.
    expect(await alerts.prune(historyCutoff(365, NOW))).toEqual({ alerts: 0, deliveries: 0 });
  });

  it('runs when a server starts, with RVM_AUDIT_RETENTION_DAYS', async () => {
    const rule = (await alerts.listRules())[0]!;
    const closed = await alertOn(rule.id, 'RVM-006', daysAgo(40), daysAgo(39));
    await finish(closed, 'delivered');
    const app = await buildApp({ ...test.config, auditRetentionDays: 30 }, test.engine, {
      alerting: false,
      clock: () => NOW,
    });
    try {
      await app.ready();
      await waitFor(
        async () => !(await alerts.closedAlerts(null, 100)).some((alert) => alert.id === closed),
        'the alert closed 39 days ago to be pruned',
      );
    } finally {
      await app.close();
    }
  });
});
