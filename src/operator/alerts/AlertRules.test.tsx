import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderConsole, TEST_SESSION } from '../../../tests/support/consoleRender';
import en from '../i18n/locales/en.json';
import { AlertRules } from './AlertRules';

const userEvent = userEventLib.setup({ delay: null });
const ADMIN = { ...TEST_SESSION, role: 'admin' as const };
const RULE = {
  id: 7,
  kind: 'machineFull',
  minutes: 240,
  district: 'SHA TIN',
  enabled: true,
  createdAt: '2026-03-03T00:00:00Z',
  updatedAt: '2026-03-03T00:00:00Z',
};

describe('the rules tab', { timeout: 30_000 }, () => {
  it('adds a maintenance rule in hours for all districts, edits one, and deletes one after asking', async () => {
    const { calls } = fakeServer((call) =>
      call.method === 'GET'
        ? { status: 200, body: { success: true, rules: [RULE] } }
        : { status: 200, body: { success: true, rule: RULE } },
    );
    renderConsole(<AlertRules />, { session: ADMIN });
    const table = await screen.findByRole('table', { name: en.alerts.rules });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getByText('240 minutes')).toBeTruthy();
    expect(within(row!).getByText('Sha Tin')).toBeTruthy();

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: en.alerts.kind }),
      en.alerts.kindRules.maintenance,
    );
    const hours = screen.getByRole('textbox', { name: en.alerts.hours });
    await userEvent.clear(hours);
    await userEvent.type(hours, '4');
    await userEvent.click(screen.getByRole('button', { name: en.alerts.addRule }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      kind: 'maintenance',
      minutes: 240,
      district: null,
      enabled: true,
    });

    await userEvent.click(screen.getByRole('button', { name: en.alerts.editRule.replace('{{id}}', '7') }));
    const minutes = screen.getByRole('textbox', { name: en.alerts.minutes });
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '90');
    await userEvent.click(screen.getByRole('button', { name: en.alerts.saveRule }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      path: '/api/operator/alert-rules/7',
      body: { kind: 'machineFull', minutes: 90, district: 'SHA TIN', enabled: true },
    });

    await userEvent.click(screen.getByRole('button', { name: en.alerts.deleteRule.replace('{{id}}', '7') }));
    const dialog = await screen.findByRole('dialog', { name: en.alerts.deleteRuleTitle });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: en.alerts.delete }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/operator/alert-rules/7'),
    );
  });

  it('refuses a wait of 0 before sending anything', async () => {
    const { calls } = fakeServer(() => ({ status: 200, body: { success: true, rules: [] } }));
    renderConsole(<AlertRules />, { session: ADMIN });
    expect(await screen.findByText(en.alerts.noRules)).toBeTruthy();
    const minutes = screen.getByRole('textbox', { name: en.alerts.minutes });
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '0');
    expect(screen.getByRole('button', { name: en.alerts.addRule }).hasAttribute('disabled')).toBe(true);
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
