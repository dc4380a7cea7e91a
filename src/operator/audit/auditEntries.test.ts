import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { consoleText } from '../i18n/consoleMessages';
import en from '../i18n/locales/en.json';
import zhs from '../i18n/locales/zhs.json';
import zht from '../i18n/locales/zht.json';
import {
  accessChange,
  accessChangeText,
  ACCESS_ACTIONS,
  auditCsvUrl,
  detailLines,
  auditQuery,
  changedFields,
  holdDecision,
  holdDecisionText,
  parseAuditPage,
  type AuditEntry,
} from './auditEntries';

describe('parseAuditPage', () => {
  const ENTRY: AuditEntry = {
    id: 'update-7',
    at: '2026-03-03T02:00:00Z',
    actor: 'chan',
    actorKind: 'person',
    address: '203.0.113.9',
    machineId: 'A-1',
    kind: 'update',
    before: { under_maintenance: false },
    after: { under_maintenance: true },
  };
  const IMPORT: AuditEntry = {
    ...ENTRY,
    id: 'import-8',
    actor: 'npm run import (ops)',
    actorKind: 'command',
    address: null,
    machineId: null,
    kind: 'import',
    before: null,
  };

  it('reads the entries and where the next page starts', () => {
    const page = parseAuditPage({ success: true, entries: [ENTRY, IMPORT], next: '6' });
    expect(page).toEqual({ entries: [ENTRY, IMPORT], next: '6' });
    expect(parseAuditPage({ success: true, entries: [], next: null }).next).toBeNull();
  });

  it.each([
    ['not an answer', 'nonsense', 'answer: "nonsense" is not an object'],
    [
      'an entry of an unknown kind',
      { success: true, entries: [{ ...ENTRY, kind: 'status' }], next: null },
      'answer.entries[0].kind',
    ],
    [
      'an entry without its time',
      { success: true, entries: [ENTRY, { ...ENTRY, at: 5 }], next: null },
      'answer.entries[1].at',
    ],
  ])('refuses %s, saying where', (_name, body, at) => {
    expect(() => parseAuditPage(body)).toThrow(ApiError);
    try {
      parseAuditPage(body);
    } catch (error) {
      expect(String((error as ApiError).cause)).toContain(at);
    }
  });
});

describe('the filters', () => {
  it('make the query of the page and of the CSV download', () => {
    expect(auditQuery({ person: ' chan ', machine: '' }, '42')).toBe('person=chan&before=42');
    expect(auditCsvUrl({ person: '', machine: 'A 1' })).toBe('/api/operator/audit.csv?machine=A+1');
    expect(auditCsvUrl({ person: '', machine: '' })).toBe('/api/operator/audit.csv');
  });
});

describe('changedFields', () => {
  it('lists what differs, in either object', () => {
    expect(
      changedFields(
        { status: 'Full', deactivated: false },
        { status: '>40%', deactivated: false, picture: { id: 'x' } },
      ),
    ).toEqual([
      { field: 'status', from: 'Full', to: '>40%' },
      { field: 'picture', from: undefined, to: { id: 'x' } },
    ]);
    expect(changedFields(null, null)).toEqual([]);
  });
});

describe('a decision on a held sync', () => {
  const entry = (kind: AuditEntry['kind'], after: AuditEntry['after']): AuditEntry => ({
    id: 'hold-3',
    at: '2026-03-03T02:00:00Z',
    actor: 'ada',
    actorKind: 'person',
    address: '203.0.113.9',
    machineId: null,
    kind,
    before: null,
    after,
  });

  it('is read from an entry of kind hold, and from nothing else', () => {
    expect(holdDecision(entry('hold', { hold: 4, decision: 'rejected', machines: 2 }))).toEqual({
      hold: 4,
      decision: 'rejected',
      machines: 2,
    });
    expect(holdDecision(entry('update', { hold: 4, decision: 'rejected', machines: 2 }))).toBeNull();
    expect(holdDecision(entry('hold', { hold: 4, decision: 'dropped', machines: 2 }))).toBeNull();
    expect(holdDecision(entry('hold', { hold: '4', decision: 'confirmed', machines: 2 }))).toBeNull();
    expect(holdDecision(entry('hold', null))).toBeNull();
  });

  it('says in each language which hold, what was decided and for how many machines', () => {
    const catalogues = { en, zht, zhs };
    const say = (locale: 'en' | 'zht' | 'zhs', decision: 'confirmed' | 'rejected', machines: number) => {
      const { key, params } = holdDecisionText({ hold: 4, decision, machines });
      return consoleText(catalogues, locale, key, params);
    };
    expect(say('en', 'confirmed', 125)).toBe('Confirmed held sync #4: 125 machines deactivated');
    expect(say('en', 'rejected', 1)).toBe('Rejected held sync #4: 1 machine kept active');
    expect(say('zht', 'confirmed', 2)).toBe('已確認暫緩的同步 #4：2 部入樽機已停用');
    expect(say('zht', 'rejected', 2)).toBe('已拒絕暫緩的同步 #4：2 部入樽機保持啟用');
    expect(say('zhs', 'confirmed', 2)).toBe('已确认暂缓的同步 #4：2 台入樽机已停用');
    expect(say('zhs', 'rejected', 2)).toBe('已拒绝暂缓的同步 #4：2 台入樽机保持启用');
  });
});

describe('a change to people or settings', () => {
  const entry = (kind: AuditEntry['kind'], after: AuditEntry['after']): AuditEntry => ({
    id: 'access-9',
    at: '2026-03-03T02:00:00Z',
    actor: 'ada',
    actorKind: 'person',
    address: '203.0.113.9',
    machineId: null,
    kind,
    before: null,
    after,
  });

  it('is read from an entry of kind access with an action the console knows, and from nothing else', () => {
    const after = { action: 'webhookChanged', subject: '3', detail: { enabled: { from: true, to: false } } };
    expect(accessChange(entry('access', after))).toEqual(after);
    expect(accessChange(entry('access', { ...after, detail: 'x' }))).toBeNull();
    expect(accessChange(entry('update', after))).toBeNull();
    expect(accessChange(entry('access', { ...after, action: 'machineMelted' }))).toBeNull();
    expect(accessChange(entry('access', { ...after, subject: 3 }))).toBeNull();
  });

  it('has a sentence for every action in each language, naming its subject', () => {
    const catalogues = { en, zht, zhs };
    for (const locale of ['en', 'zht', 'zhs'] as const) {
      for (const action of ACCESS_ACTIONS) {
        const { key, params } = accessChangeText({ action, subject: 'ann' });
        const text = consoleText(catalogues, locale, key, params);
        expect(text, `${locale} ${action}`).toBeDefined();
        // A person's own new password names them as its actor; the factor policy is the deployment's, no one's.
        if (action !== 'passwordChanged' && action !== 'factorPolicyChanged') {
          expect(text, `${locale} ${action}`).toContain('ann');
        }
      }
    }
    const say = (locale: 'en' | 'zht' | 'zhs', action: (typeof ACCESS_ACTIONS)[number], subject: string) => {
      const { key, params } = accessChangeText({ action, subject });
      return consoleText(catalogues, locale, key, params);
    };
    expect(say('en', 'personUnlocked', 'ann')).toBe('Unlocked ann after wrong passwords');
    expect(say('zht', 'webhookSecretChanged', '3')).toBe('為 Webhook #3 更換簽署密鑰');
    expect(say('zhs', 'alertRuleDeleted', '7')).toBe('删除告警规则 #7');
    expect(say('en', 'photoUploaded', 'a'.repeat(64))).toBe(`Stored photo ${'a'.repeat(12)}`);
  });

  it('shows each field of its detail on a line: a change from one value to another, or a value kept', () => {
    expect(
      detailLines({ minutes: { from: 30, to: 45 }, url: 'https://example.org/hook', enabled: false }, (value) =>
        JSON.stringify(value),
      ),
    ).toEqual(['minutes: 30 → 45', 'url: "https://example.org/hook"', 'enabled: false']);
  });
});
