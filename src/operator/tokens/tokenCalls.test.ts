import { describe, expect, it, vi } from 'vitest';
import { ApiError, type Call } from '../../api/client';
import { createToken, fetchTokens, revokeToken } from './tokenCalls';

const TOKEN = {
  id: 3,
  name: 'controller',
  hint: 'rvm_AbCd',
  role: 'viewer',
  districts: [],
  createdBy: 'ada',
  createdAt: '2026-11-28T08:00:00.000Z',
  expiresAt: '2027-02-26T08:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  revokedBy: null,
  state: 'active',
};

const answering = (answer: unknown) => vi.fn(async () => answer) as unknown as Call & ReturnType<typeof vi.fn>;

describe('the token calls', () => {
  it('read the list as its contract says', async () => {
    expect(await fetchTokens(answering({ success: true, tokens: [TOKEN] }))).toEqual([TOKEN]);
  });

  it('refuse a token of the wrong shape', async () => {
    await expect(fetchTokens(answering({ success: true, tokens: [{ ...TOKEN, id: '3' }] }))).rejects.toThrow(ApiError);
  });

  it('answer a new token with its secret, and revoke with DELETE', async () => {
    const call = answering({ success: true, token: TOKEN, secret: 'rvm_secret' });
    const made = await createToken(call, { name: 'c', role: 'viewer', districts: [], expiresInDays: 30 });
    expect(made.secret).toBe('rvm_secret');
    await revokeToken(call, 3);
    expect(call).toHaveBeenLastCalledWith('operator/tokens/3', {}, expect.objectContaining({ method: 'DELETE' }));
  });

  it('treat an answer without a secret as a failure, not a token', async () => {
    await expect(
      createToken(answering({ success: true, token: TOKEN }), {
        name: 'c',
        role: 'viewer',
        districts: [],
        expiresInDays: 1,
      }),
    ).rejects.toThrow();
  });
});
