import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import {
  addWebhook,
  amountOf,
  deleteRule,
  fetchAlertHistory,
  fetchDeliveries,
  fetchRules,
  minutesOf,
  saveRule,
} from './alertCalls';
import { fetchOpenAlerts } from '../openAlerts/openAlertCalls';

const ALERT = {
  id: 1,
  ruleId: 2,
  kind: 'machineFull',
  machineId: 'RVM-001',
  district: 'SHA TIN',
  minutes: 60,
  since: '2026-03-03T01:00:00Z',
  openedAt: '2026-03-03T02:00:00Z',
  closedAt: null,
};
const COUNTS = { machineFull: 1, notReporting: 0, maintenance: 0, feedFailing: 0, reportedFull: 0 };
const RULE = {
  id: 3,
  kind: 'feedFailing',
  minutes: 15,
  district: null,
  enabled: true,
  createdAt: '2026-03-03T00:00:00Z',
  updatedAt: '2026-03-03T00:00:00Z',
};
const DELIVERY = {
  id: 'd1',
  webhookId: 5,
  alertId: 4,
  event: 'alert.opened',
  state: 'pending',
  attempts: 2,
  nextAttemptAt: '2026-03-03T02:10:00Z',
  lastStatus: 503,
  lastError: 'HTTP 503',
  createdAt: '2026-03-03T02:00:00Z',
  deliveredAt: null,
};

const answering = (answer: unknown) => vi.fn().mockResolvedValue(answer);

describe('reading the alert answers', () => {
  it('reads alerts, rules and deliveries as their contracts say', async () => {
    expect(await fetchOpenAlerts(answering({ success: true, alerts: [ALERT], counts: COUNTS }))).toEqual([ALERT]);
    expect(await fetchRules(answering({ success: true, rules: [RULE] }))).toEqual([RULE]);
    expect(await fetchDeliveries(answering({ success: true, deliveries: [DELIVERY] }), 5)).toEqual([DELIVERY]);
  });

  it('refuses an answer with an alert it cannot read, naming it, rather than showing fewer', async () => {
    const answer = { success: true, alerts: [ALERT, { ...ALERT, kind: 'somethingElse' }], counts: COUNTS };
    const failure = await fetchOpenAlerts(answering(answer)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(String((failure as ApiError).cause)).toContain('answer.alerts[1].kind: "somethingElse" is not one of');
    await expect(fetchRules(answering(null))).rejects.toThrow(ApiError);
    await expect(
      fetchDeliveries(answering({ success: true, deliveries: [{ ...DELIVERY, state: 'lost' }] }), 5),
    ).rejects.toThrow(ApiError);
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
    const webhook = { id: 1, url: 'https://example.com/hook', description: '', enabled: true, createdAt: 'x' };
    const call = vi.fn().mockResolvedValueOnce({ success: true, webhook, secret: 'abc' });
    expect(await addWebhook(call, 'https://example.com/hook', '')).toBe('abc');
    call.mockResolvedValueOnce({ success: true, alerts: [], next: '17' });
    expect(await fetchAlertHistory(call, '40', 25)).toEqual({ alerts: [], next: '17' });
    expect(call).toHaveBeenLastCalledWith('operator/alerts/history?limit=25&before=40', undefined, expect.anything());
  });
});
