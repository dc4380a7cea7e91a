import { describe, expect, it, vi } from 'vitest';
import { ApiError, type Call } from '../../api/client';
import { addPerson, fetchPeople } from './peopleCalls';

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

const answering = (answer: unknown) => vi.fn(async () => answer) as unknown as Call & ReturnType<typeof vi.fn>;

describe('the people answers', () => {
  it('are read from the list as its contract says', async () => {
    expect(await fetchPeople(answering({ success: true, people: [PERSON] }))).toEqual([PERSON]);
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
});
