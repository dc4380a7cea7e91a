import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderConsole } from '../../../tests/support/consoleRender';
import en from '../i18n/locales/en.json';
import { AuditPage } from './AuditPage';

const userEvent = userEventLib.setup({ delay: null });

const entry = (id: number, actor: string, machineId: string) => ({
  id: `update-${id}`,
  at: `2026-03-0${id}T02:00:00Z`,
  actor,
  actorKind: actor.endsWith('-bot') ? 'token' : 'person',
  address: `203.0.113.${id}`,
  machineId,
  kind: 'update',
  before: { under_maintenance: false },
  after: { under_maintenance: true },
});

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the audit page', { timeout: 30_000 }, () => {
  it('lists who changed what, when and from where, newest first, page after page', async () => {
    const { calls } = fakeServer((call) =>
      call.path.includes('before=')
        ? { status: 200, body: { success: true, entries: [entry(1, 'lee', 'RVM-002')], next: null } }
        : {
            status: 200,
            body: { success: true, entries: [entry(3, 'chan', 'RVM-001'), entry(2, 'feed-bot', 'RVM-002')], next: '2' },
          },
    );
    renderConsole(<AuditPage />);
    const table = await screen.findByRole('table', { name: en.audit.table });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(2);
    expect(within(rows()[0]!).getByText('chan')).toBeTruthy();
    expect(within(rows()[0]!).getByText('203.0.113.3')).toBeTruthy();
    expect(within(rows()[0]!).getByRole('link', { name: 'RVM-001' }).getAttribute('href')).toBe(
      '/operator/machines/RVM-001',
    );
    expect(within(rows()[0]!).getByText('under_maintenance: false → true')).toBeTruthy();
    expect(within(rows()[1]!).getByText('token feed-bot')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: en.audit.more }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(calls.map((c) => c.path)).toEqual([
      '/api/operator/audit?limit=100',
      '/api/operator/audit?before=2&limit=100',
    ]);
    expect(screen.queryByRole('button', { name: en.audit.more })).toBeNull();
  });

  it('filters by person and machine, keeps the filters in the address, and downloads the same as CSV', async () => {
    const { calls } = fakeServer(() => ({ status: 200, body: { success: true, entries: [], next: null } }));
    renderConsole(<AuditPage />);
    expect(await screen.findByText(en.audit.empty)).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: en.audit.person }), 'chan');
    await userEvent.type(screen.getByRole('textbox', { name: en.audit.machine }), 'RVM-001');
    await userEvent.click(screen.getByRole('button', { name: en.audit.apply }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/operator/audit?person=chan&machine=RVM-001&limit=100'));
    expect(window.location.search).toBe('?person=chan&machine=RVM-001');
    expect(screen.getByRole('link', { name: en.audit.download }).getAttribute('href')).toBe(
      '/api/operator/audit.csv?person=chan&machine=RVM-001',
    );
  });

  it('shows a decision on a held sync in words, under the admin who made it', async () => {
    const rejection = {
      ...entry(4, 'ada', 'RVM-001'),
      id: 'hold-1',
      machineId: null,
      kind: 'hold',
      before: null,
      after: { hold: 7, decision: 'rejected', machines: 2 },
    };
    fakeServer(() => ({ status: 200, body: { success: true, entries: [rejection], next: null } }));
    renderConsole(<AuditPage />);
    const table = await screen.findByRole('table', { name: en.audit.table });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getByText('ada')).toBeTruthy();
    expect(within(row!).getByText(en.audit.kinds.hold)).toBeTruthy();
    expect(within(row!).getByText('Rejected held sync #7: 2 machines kept active')).toBeTruthy();
    expect(within(row!).queryByRole('link')).toBeNull();
  });
});
