/** A person's authenticator app as stored: its secret sealed (accounts/sealedSecret.ts). */
export interface TotpRecord {
  account: string;
  secret: string;
  /** False from enrolment until its first code is given. */
  confirmed: boolean;
  createdAt: string;
  lastUsedAt: string | null;
  /** The time step of the last code accepted: no code of it, or of an earlier step, is accepted again. */
  lastStep: number | null;
}

export interface RecoveryCodeRecord {
  /** `salt$sha256` (accounts/recoveryCodes.ts). */
  codeHash: string;
  usedAt: string | null;
}

/** People's second factors: one authenticator app each, and its recovery codes. */
export interface FactorStore {
  totp(account: string): Promise<TotpRecord | null>;
  /** A new, unconfirmed app for the account, replacing one not confirmed; false, nothing written, when one is. */
  beginTotp(account: string, secret: string, at: string): Promise<boolean>;
  /**
   * Confirms the account's app with the first code's step and gives it these recovery codes (any before deleted),
   * in one transaction; false when there was no unconfirmed app.
   */
  confirmTotp(account: string, step: number, at: string, recoveryHashes: readonly string[]): Promise<boolean>;
  /**
   * Records a code of `step` accepted, only if no code of it or a later step was: false when another request used it
   * first (atomic, on every instance).
   */
  useTotpStep(account: string, step: number, at: string): Promise<boolean>;
  /** The secret sealed again (under a new key). */
  resealTotp(account: string, secret: string): Promise<void>;
  recoveryCodes(account: string): Promise<RecoveryCodeRecord[]>;
  /** Marks one code used, only if it was not: false when it was (or is not the account's). */
  useRecoveryCode(account: string, codeHash: string, at: string): Promise<boolean>;
  replaceRecoveryCodes(account: string, hashes: readonly string[], at: string): Promise<void>;
  /**
   * Deletes the account's app, recovery codes and passkeys (a reset), or only the app and codes with `keepPasskeys`;
   * whether there was anything.
   */
  removeAll(account: string, options?: { keepPasskeys?: boolean }): Promise<boolean>;
}
