import { describe, expect, it, vi } from 'vitest';
import type { Call } from '../../api/client';
import { addPerson, createToken, fetchPeople, fetchTokens, parsePerson, parseToken, revokeToken } from './peopleCalls';

const PERSON = {
  name: 'ann',
  role: 'operator',
  districts: ['SHA TIN', 'NOWHERE'],
  disabled: false,
  mustChangePassword: true,
  createdAt: '2026-11-28T08:00:00.000Z',
  lastSignInAt: null,
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
  it('keep known districts and roles, and drop what is not a person or a token', () => {
    expect(parsePerson(PERSON)).toMatchObject({ name: 'ann', districts: ['SHA TIN'], mustChangePassword: true });
    expect(parsePerson({ ...PERSON, role: 'boss' })).toBeNull();
    expect(parseToken(TOKEN)).toMatchObject({ id: 3, hint: 'rvm_AbCd', state: 'active' });
    expect(parseToken({ ...TOKEN, id: '3' })).toBeNull();
  });

  it('are read from the lists, skipping malformed entries', async () => {
    expect(await fetchPeople(answering({ people: [PERSON, 7, { name: 1 }] }))).toHaveLength(1);
    expect(await fetchTokens(answering({ tokens: [TOKEN, null] }))).toHaveLength(1);
    expect(await fetchPeople(answering(undefined))).toEqual([]);
  });
});

describe('the calls that change', () => {
  it('send no districts for an admin, and a password only when the admin chose one', async () => {
    const call = answering({ person: { ...PERSON, role: 'admin' }, password: 'abcde-fghjk-mnpqr-stuvw' });
    const result = await addPerson(call, { name: 'al', role: 'admin', districts: ['SHA TIN'], password: null });
    expect(call).toHaveBeenCalledWith(
      'operator/people',
      { name: 'al', role: 'admin', districts: [] },
      expect.objectContaining({ throw_error: true }),
    );
    expect(result.password).toBe('abcde-fghjk-mnpqr-stuvw');
  });

  it('answer a new token with its secret, and revoke with DELETE', async () => {
    const call = answering({ token: TOKEN, secret: 'rvm_secret' });
    const made = await createToken(call, { name: 'c', role: 'viewer', districts: [], expiresInDays: 30 });
    expect(made.secret).toBe('rvm_secret');
    await revokeToken(call, 3);
    expect(call).toHaveBeenLastCalledWith('operator/tokens/3', {}, expect.objectContaining({ method: 'DELETE' }));
  });

  it('treat an answer without a secret as a failure, not a token', async () => {
    await expect(
      createToken(answering({ token: TOKEN }), { name: 'c', role: 'viewer', districts: [], expiresInDays: 1 }),
    ).rejects.toThrow();
  });
});
