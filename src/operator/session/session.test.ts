import { describe, expect, it } from 'vitest';
import { mayEdit, parseSession, withinDistricts, type Session } from './session';

const SESSION = {
  name: 'chan',
  role: 'operator',
  districts: ['SHA TIN'],
  mustChangePassword: false,
  secondFactor: 'done',
  csrfToken: 't0k',
  idleExpiresAt: '2026-01-01T00:30:00Z',
  absoluteExpiresAt: '2026-01-01T12:00:00Z',
};

describe('parseSession', () => {
  it('reads the session of an answer', () => {
    expect(parseSession({ success: true, session: SESSION })).toEqual(SESSION);
  });

  it.each([
    ['no session', { success: true }],
    ['no success', { session: SESSION }],
    ['a district it does not know', { success: true, session: { ...SESSION, districts: ['NOWHERE'] } }],
    ['an unknown role', { success: true, session: { ...SESSION, role: 'root' } }],
    ['no CSRF token', { success: true, session: { ...SESSION, csrfToken: undefined } }],
    ['districts that are not a list', { success: true, session: { ...SESSION, districts: 'SHA TIN' } }],
    ['not an object', 'session'],
  ])('is null for %s', (_name, answer) => {
    expect(parseSession(answer)).toBeNull();
  });
});

describe('permissions', () => {
  const as = (role: Session['role'], districts: Session['districts'] = []) =>
    ({ ...SESSION, role, districts }) as Session;

  it('lets admins and operators change machines, never viewers', () => {
    expect([mayEdit(as('admin')), mayEdit(as('operator')), mayEdit(as('viewer')), mayEdit(null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('limits a person with districts to them; no districts means every district', () => {
    expect(withinDistricts(as('operator', ['SHA TIN']), 'SHA TIN')).toBe(true);
    expect(withinDistricts(as('operator', ['SHA TIN']), 'TAI PO')).toBe(false);
    expect(withinDistricts(as('operator', ['SHA TIN']), null)).toBe(false);
    expect(withinDistricts(as('admin'), 'TAI PO')).toBe(true);
  });
});
