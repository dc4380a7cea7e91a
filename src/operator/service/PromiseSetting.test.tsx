import { screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, renderConsole, TEST_SESSION } from '../../../tests/support/consoleRender';
import en from '../i18n/locales/en.json';
import { PromiseSetting } from './PromiseSetting';

const userEvent = userEventLib.setup({ delay: null });

describe("an admin's setting of the promise", { timeout: 30_000 }, () => {
  it('saves a new length and says so, and says a refusal in words instead', async () => {
    let refuse = false;
    const { calls } = fakeServer((call) => {
      if (call.method === 'PATCH' && refuse) return { status: 400, body: { success: false, msg: 'csrfRejected' } };
      const minutes = call.method === 'PATCH' ? (call.body as { minutes: number }).minutes : 240;
      return { status: 200, body: { success: true, minutes } };
    });
    const saved = vi.fn();
    renderConsole(<PromiseSetting onSaved={saved} />, { session: { ...TEST_SESSION, role: 'admin' } });
    const field = await screen.findByRole('textbox', {
      name: new RegExp(en.service.promiseMinutes.replace(/[()]/g, '\\$&')),
    });
    await waitFor(() => expect(field).toHaveProperty('value', '240'));

    await userEvent.clear(field);
    await userEvent.type(field, '180');
    await userEvent.click(screen.getByRole('button', { name: en.service.save }));
    expect(await screen.findByText(en.service.saved)).toBeTruthy();
    expect(saved).toHaveBeenCalledTimes(1);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ minutes: 180 });

    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: en.service.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.error.csrfRejected);
    expect(screen.queryByText(en.service.saved)).toBeNull();
    expect(saved).toHaveBeenCalledTimes(1);
  });
});
