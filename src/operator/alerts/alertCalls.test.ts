import { describe, expect, it, vi } from 'vitest';
import {
  addWebhook,
  amountOf,
  deleteRule,
  fetchAlertHistory,
  minutesOf,
  parseAlerts,
  parseDeliveries,
  parseRules,
  saveRule,
} from './alertCalls';

describe('parsing the alert answers', () => {
  it('keeps the well-formed alerts and leaves out the rest', () => {
    const alerts = parseAlerts({
      alerts: [
        { id: 1, ruleId: 2, kind: 'machineFull', machineId: 'RVM-001', district: 'SHA TIN', minutes: 60, since: 's' },
        { id: 2, kind: 'somethingElse', since: 's' },
        'junk',
      ],
    });
    expect(alerts).toEqual([
      {
        id: 1,
        ruleId: 2,
        kind: 'machineFull',
        machineId: 'RVM-001',
        district: 'SHA TIN',
        minutes: 60,
        since: 's',
        openedAt: null,
        closedAt: null,
      },
    ]);
    expect(parseAlerts(null)).toEqual([]);
  });

  it('reads rules and deliveries', () => {
    expect(parseRules({ rules: [{ id: 3, kind: 'feedFailing', minutes: 15, district: null, enabled: true }] })).toEqual(
      [{ id: 3, kind: 'feedFailing', minutes: 15, district: null, enabled: true }],
    );
    const [delivery] = parseDeliveries({
      deliveries: [{ id: 'd1', alertId: 4, event: 'alert.opened', state: 'pending', attempts: 2, lastStatus: 503 }],
    });
    expect(delivery).toMatchObject({ id: 'd1', state: 'pending', attempts: 2, lastStatus: 503, nextAttemptAt: null });
  });
});

describe('a rule’s wait', () => {
  it('is set in hours for maintenance and in minutes for the rest', () => {
    expect(minutesOf('maintenance', 4)).toBe(240);
    expect(amountOf({ kind: 'maintenance', minutes: 240 })).toBe(4);
    expect(minutesOf('machineFull', 90)).toBe(90);
    expect(amountOf({ kind: 'notReporting', minutes: 30 })).toBe(30);
  });
});

describe('the calls', () => {
  it('creates or changes a rule, a feed rule never with a district', async () => {
    const call = vi.fn().mockResolvedValue({ success: true });
    await saveRule(call, null, { kind: 'feedFailing', minutes: 15, district: 'SHA TIN', enabled: true });
    expect(call).toHaveBeenLastCalledWith(
      'operator/alert-rules',
      { kind: 'feedFailing', minutes: 15, district: null, enabled: true },
      expect.objectContaining({ method: 'POST' }),
    );
    await saveRule(call, 5, { kind: 'machineFull', minutes: 60, district: 'SHA TIN', enabled: false });
    expect(call).toHaveBeenLastCalledWith(
      'operator/alert-rules/5',
      expect.objectContaining({ district: 'SHA TIN' }),
      expect.objectContaining({ method: 'PATCH' }),
    );
    await deleteRule(call, 5);
    expect(call).toHaveBeenLastCalledWith(
      'operator/alert-rules/5',
      undefined,
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('answers the secret a new webhook was given, and pages the history', async () => {
    const call = vi.fn().mockResolvedValueOnce({ success: true, secret: 'abc' });
    expect(await addWebhook(call, 'https://example.com/hook', '')).toBe('abc');
    call.mockResolvedValueOnce({ alerts: [], next: '17' });
    expect(await fetchAlertHistory(call, '40', 25)).toEqual({ alerts: [], next: '17' });
    expect(call).toHaveBeenLastCalledWith('operator/alerts/history?limit=25&before=40', undefined, expect.anything());
  });
});
