import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderConsole, TEST_SESSION } from '../../../tests/support/consoleRender';
import en from '../i18n/locales/en.json';
import { Webhooks } from './Webhooks';

const userEvent = userEventLib.setup({ delay: null });
const ADMIN = { ...TEST_SESSION, role: 'admin' as const };
const HOOK = { id: 4, url: 'https://hooks.example.org/rvm', description: 'Ops', enabled: true, createdAt: 'x' };
const SECRET = 'f'.repeat(64);

describe('the webhooks tab', { timeout: 30_000 }, () => {
  it('adds a webhook and shows its secret once, then its delivery log', async () => {
    let hooks: (typeof HOOK)[] = [];
    const { calls } = fakeServer((call) => {
      if (call.method === 'POST') {
        hooks = [HOOK];
        return { status: 200, body: { success: true, webhook: HOOK, secret: SECRET } };
      }
      if (call.path.endsWith('/deliveries')) {
        const delivery = {
          id: 'd-1',
          webhookId: 4,
          alertId: 9,
          event: 'alert.opened',
          state: 'pending',
          attempts: 2,
          nextAttemptAt: '2026-03-03T02:10:00Z',
          lastStatus: 503,
          lastError: 'HTTP 503',
          createdAt: '2026-03-03T02:00:00Z',
          deliveredAt: null,
        };
        return { status: 200, body: { success: true, deliveries: [delivery] } };
      }
      return { status: 200, body: { success: true, webhooks: hooks } };
    });
    renderConsole(<Webhooks />, { session: ADMIN });
    expect(await screen.findByText(en.alerts.noWebhooks)).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: en.alerts.url }), HOOK.url);
    await userEvent.click(screen.getByRole('button', { name: en.alerts.addWebhook }));
    expect(await screen.findByText(SECRET)).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ url: HOOK.url, description: '' });
    expect(post.headers.get('x-csrf-token')).toBe('csrf-123');
    await screen.findByRole('table', { name: en.alerts.webhooks });

    // Closed, the secret is gone for good: nothing shows it again.
    await userEvent.click(screen.getByRole('button', { name: en.alerts.hideSecret }));
    expect(screen.queryByText(SECRET)).toBeNull();

    const log = en.alerts.deliveryLogOf.replace('{{url}}', HOOK.url);
    await userEvent.click(screen.getByRole('button', { name: log }));
    const table = await screen.findByRole('table', { name: log });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getByText(en.alerts.deliveryStates.pending)).toBeTruthy();
    expect(within(row!).getByText('503')).toBeTruthy();
    expect(within(row!).getByText('HTTP 503')).toBeTruthy();
  });

  it('shows a receiver refused for its address on the URL field, and keeps what was typed', async () => {
    fakeServer((call) =>
      call.method === 'POST'
        ? {
            status: 400,
            body: { success: false, msg: 'webhookAddressRefused', address: '127.0.0.1', kind: 'loopback' },
          }
        : { status: 200, body: { success: true, webhooks: [] } },
    );
    renderConsole(<Webhooks />, { session: ADMIN });
    const field = await screen.findByRole('textbox', { name: en.alerts.url });
    await userEvent.type(field, 'http://127.1:22/');
    await userEvent.click(screen.getByRole('button', { name: en.alerts.addWebhook }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(field).toHaveProperty('value', 'http://127.1:22/');
    expect(screen.getAllByText(en.error.webhookAddressRefused).length).toBeGreaterThan(0);
    const describedBy = field.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(en.error.webhookAddressRefused);
    // Changing the URL clears the field's error.
    await userEvent.type(field, 'x');
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('deletes a webhook only after asking', async () => {
    const { calls } = fakeServer((call) =>
      call.method === 'DELETE'
        ? { status: 200, body: { success: true } }
        : { status: 200, body: { success: true, webhooks: [HOOK] } },
    );
    renderConsole(<Webhooks />, { session: ADMIN });
    const remove = en.alerts.deleteWebhook.replace('{{url}}', HOOK.url);
    await userEvent.click(await screen.findByRole('button', { name: remove }));
    const dialog = await screen.findByRole('dialog', { name: en.alerts.deleteWebhookTitle });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: en.alerts.delete }));
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/operator/webhooks/4'));
    expect(await screen.findByText(en.alerts.webhookDeleted)).toBeTruthy();
  });
});
