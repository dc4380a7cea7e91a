import type { TotpRecord } from './factorStore';
import { flag } from './table';

/** A totp_factors row as the engines return it (confirmed a boolean or 0 and 1; last_step a bigint as text on PG). */
export interface TotpRow {
  account: string;
  secret: string;
  confirmed: boolean | number;
  created_at: string;
  last_used_at: string | null;
  last_step: number | string | null;
}

export const TOTP_SELECT = 'SELECT account, secret, confirmed, created_at, last_used_at, last_step FROM totp_factors';

export const toTotp = (row: TotpRow): TotpRecord => ({
  account: row.account,
  secret: row.secret,
  confirmed: flag(row.confirmed),
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  lastStep: row.last_step === null ? null : Number(row.last_step),
});
