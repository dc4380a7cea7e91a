import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { createStore } from 'jotai';
import { createConsoleApi } from '../session/startConsoleApi';
import { stepUpQuestionAtom } from '../session/stepUpAtoms';

/** A server that refuses the first call for want of a step-up, and answers the next. */
function fakeServer() {
  const answers = [
    { status: 403, body: { success: false, msg: 'stepUpRequired' } },
    { status: 200, body: { success: true, policy: 'admins' } },
  ];
  return vi.fn(async () => {
    const { status, body } = answers.shift() ?? { status: 500, body: { success: false, msg: 'systemError' } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

describe('an admin act refused for want of a step-up', () => {
  it('asks the person, and is made again once they gave their password or code', async () => {
    const store = createStore();
    const fetch = fakeServer();
    const call = createConsoleApi(store, { onUnauthorized: 'signIn', fetch });
    const act = call('operator/factor-policy', { policy: 'admins' }, { method: 'PATCH', throw_error: true });
    await vi.waitFor(() => expect(store.get(stepUpQuestionAtom)).not.toBeNull());
    store.get(stepUpQuestionAtom)!.answer(true);
    expect(await act).toEqual({ success: true, policy: 'admins' });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(store.get(stepUpQuestionAtom)).toBeNull();
  });

  it('fails as it would have when the person cancels, and is not made again', async () => {
    const store = createStore();
    const fetch = fakeServer();
    const call = createConsoleApi(store, { onUnauthorized: 'signIn', fetch });
    const act = call('operator/factor-policy', { policy: 'admins' }, { method: 'PATCH', throw_error: true });
    await vi.waitFor(() => expect(store.get(stepUpQuestionAtom)).not.toBeNull());
    store.get(stepUpQuestionAtom)!.answer(false);
    await expect(act).rejects.toEqual(expect.objectContaining({ status: 403, msg: 'stepUpRequired' }));
    await expect(act).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
