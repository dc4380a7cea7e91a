import { describe, expect, it } from 'vitest';
import { auditCsvUrl, auditQuery, changedFields, parseAuditPage } from './auditEntries';

describe('parseAuditPage', () => {
  it('reads the entries and where the next page starts', () => {
    const page = parseAuditPage({
      success: true,
      entries: [
        {
          id: 7,
          at: '2026-03-03T02:00:00Z',
          actor: 'chan',
          actorKind: 'person',
          address: '203.0.113.9',
          machineId: 'A-1',
          kind: 'status',
          before: { under_maintenance: false },
          after: { under_maintenance: true },
        },
        {
          id: 8,
          at: '2026-03-03T01:00:00Z',
          actor: 'feed-bot',
          actorKind: 'token',
          address: '10.0.0.2',
          machineId: null,
          kind: 'import',
        },
        { at: 5 },
      ],
      next: '6',
    });
    expect(page.next).toBe('6');
    expect(page.entries.map((e) => [e.id, e.actor, e.actorKind, e.machineId])).toEqual([
      ['7', 'chan', 'person', 'A-1'],
      ['8', 'feed-bot', 'token', null],
    ]);
    expect(parseAuditPage({ success: true, entries: [], next: null }).next).toBeNull();
    expect(parseAuditPage('nonsense')).toEqual({ entries: [], next: null });
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
