import type { PasskeyRecord, StoredChallenge } from './passkeyStore';
import { columnList, jsonValue } from './table';
import { PASSKEYS } from './tables';

/** A passkeys row as the engines return it (counter a bigint as text on PG, transports JSON text on SQLite). */
export interface PasskeyRow {
  id: string;
  account: string;
  name: string;
  public_key: string;
  counter: number | string;
  transports: string[] | string;
  created_at: string;
  last_used_at: string | null;
}

export const PASSKEY_SELECT = `SELECT ${columnList(PASSKEYS)} FROM passkeys`;

export const toPasskey = (row: PasskeyRow): PasskeyRecord => ({
  id: row.id,
  account: row.account,
  name: row.name,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: jsonValue(row.transports),
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

export const passkeyValues = (passkey: PasskeyRecord): unknown[] => [
  passkey.id,
  passkey.account,
  passkey.name,
  passkey.publicKey,
  passkey.counter,
  JSON.stringify(passkey.transports),
  passkey.createdAt,
  passkey.lastUsedAt,
];

/** A passkey_challenges row. */
export interface ChallengeRow {
  challenge: string;
  purpose: StoredChallenge['purpose'];
  account: string | null;
  expires_at: string;
}

export const toChallenge = (row: ChallengeRow): StoredChallenge => ({
  challenge: row.challenge,
  purpose: row.purpose,
  account: row.account,
  expiresAt: row.expires_at,
});
