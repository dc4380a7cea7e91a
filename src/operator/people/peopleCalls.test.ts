import { describe, expect, it, vi } from 'vitest';
import { ApiError, type Call } from '../../api/client';
import { addPerson, createToken, fetchPeople, fetchTokens, revokeToken } from './peopleCalls';

const PERSON = {
  name: 'ann',
  role: 'operator',
  districts: ['SHA TIN'],
  disabled: false,
  mustChangePassword: true,
  createdAt: '2026-11-28T08:00:00.000Z',
  lastSignInAt: null,
  passwordChangedAt: '2026-11-28T08:00:00.000Z',
  lockedUntil: null,
};
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

describe('the people and token answers', () => {
  it('are read from the lists as their contracts say', async () => {
    expect(await fetchPeople(answering({ success: true, people: [PERSON] }))).toEqual([PERSON]);
    expect(await fetchTokens(answering({ success: true, tokens: [TOKEN] }))).toEqual([TOKEN]);
  });

  it.each([
    ['a role it does not know', { success: true, people: [{ ...PERSON, role: 'boss' }] }, 'people[0].role'],
    [
      'a district it does not know',
      { success: true, people: [PERSON, { ...PERSON, districts: ['NOWHERE'] }] },
      'people[1].districts[0]',
    ],
    ['an entry that is not a person', { success: true, people: [PERSON, 7] }, 'people[1]'],
    ['no list', undefined, 'answer'],
  ])('refuse a list with %s, naming where', async (_name, answer, at) => {
    const failure = await fetchPeople(answering(answer)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).reason).toBe('invalid-json');
    expect(String((failure as ApiError).cause)).toContain(at);
  });

  it('refuse a token of the wrong shape', async () => {
    await expect(fetchTokens(answering({ success: true, tokens: [{ ...TOKEN, id: '3' }] }))).rejects.toThrow(ApiError);
  });
});

describe('the calls that change', () => {
  it('send no districts for an admin, and a password only when the admin chose one', async () => {
    const call = answering({
      success: true,
      person: { ...PERSON, role: 'admin', districts: [] },
      password: 'abcde-fghjk-mnpqr-stuvw',
    });
    const result = await addPerson(call, { name: 'al', role: 'admin', districts: ['SHA TIN'] });
    expect(call).toHaveBeenCalledWith(
      'operator/people',
      { name: 'al', role: 'admin', districts: [] },
      expect.objectContaining({ throw_error: true }),
    );
    expect(result.password).toBe('abcde-fghjk-mnpqr-stuvw');
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
