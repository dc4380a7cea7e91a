import { describe, expect, it } from 'vitest';
import type { Account } from '../accounts/account';
import { formatAccounts } from './accountTable';

const account = (overrides: Partial<Account>): Account => ({
  name: 'ann',
  role: 'admin',
  districts: [],
  disabled: false,
  mustChangePassword: false,
  createdAt: '2026-11-20T08:15:30.123Z',
  lastSignInAt: null,
  passwordChangedAt: '2026-11-20T08:15:30.123Z',
  ...overrides,
});

describe('formatAccounts', () => {
  it('lists every account in aligned columns', () => {
    const text = formatAccounts([
      account({ lastSignInAt: '2026-11-27T23:59:59.999Z' }),
      account({ name: 'bob.chan@example.org', role: 'operator', districts: ['TAI PO', 'SHA TIN'] }),
      account({ name: 'cy', role: 'viewer', disabled: true }),
      account({ name: 'dee', role: 'viewer', mustChangePassword: true }),
    ]);
    expect(text.split('\n')).toEqual([
      'name                  role      districts        state                 created               last sign-in',
      'ann                   admin     all              active                2026-11-20 08:15 UTC  2026-11-27 23:59 UTC',
      'bob.chan@example.org  operator  TAI PO, SHA TIN  active                2026-11-20 08:15 UTC  never',
      'cy                    viewer    all              disabled              2026-11-20 08:15 UTC  never',
      'dee                   viewer    all              must change password  2026-11-20 08:15 UTC  never',
    ]);
  });

  it('says how to add the first account when there is none', () => {
    expect(formatAccounts([])).toMatch(/no accounts yet: add one with npm run user -- add NAME --role admin/);
  });
});
