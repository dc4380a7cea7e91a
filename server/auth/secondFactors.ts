import type { Account } from '../accounts/account';
import type { Clock } from '../accounts/clock';
import type { Refusal, SignInClient, SignInGate } from './signIn';
import type { SecondFactorState } from '../db/accountStore';
import type { Engine } from '../db/engine';
import { FACTOR_POLICY_META_KEY } from '../db/metaKeys';
import { FACTOR_POLICIES, type FactorPolicy, type OwnFactors } from '../../shared/contract/factors';
import { hashRecoveryCode, matchingRecoveryHash, newRecoveryCodes } from '../accounts/recoveryCodes';
import { open, seal, type FactorKeys } from '../accounts/sealedSecret';
import { matchingStep, newTotpSecret, otpauthUri, base32 } from '../accounts/totp';

/** What the authenticator app shows above the account's codes. */
export const TOTP_ISSUER = 'RVM console';

/** Why an enrolment could not begin: no key to seal the secret with, or an app already set up. */
export type EnrolmentRefusal = 'factorKeyMissing' | 'factorEnrolled';

/** Whether the policy asks this person for a second factor. */
export const policyRequires = (policy: FactorPolicy, account: Pick<Account, 'role'>): boolean =>
  policy === 'everyone' || (policy === 'admins' && account.role === 'admin');

/**
 * People's second factors: an authenticator app (RFC 6238) with ten recovery codes, the deployment's policy (kept in
 * the meta table), and the checks of a code, each counted by the sign-in gate as a password is (decision 0068).
 */
export class SecondFactors {
  constructor(
    private readonly engine: Engine,
    private readonly gate: SignInGate,
    private readonly keys: FactorKeys | null,
    private readonly clock: Clock,
  ) {}

  async policy(): Promise<FactorPolicy> {
    const stored = await this.engine.getMeta(FACTOR_POLICY_META_KEY);
    return FACTOR_POLICIES.find((policy) => policy === stored) ?? 'none';
  }

  setPolicy(policy: FactorPolicy): Promise<void> {
    return this.engine.setMeta(FACTOR_POLICY_META_KEY, policy);
  }

  /** Where a session begins after the password: the code step, enrolment the policy asks for, or done. */
  async stateAfterPassword(account: Account): Promise<SecondFactorState> {
    if (await this.enrolled(account.name)) return 'pending';
    return policyRequires(await this.policy(), account) ? 'enrol' : 'done';
  }

  /** Whether the person has a second factor the policy counts: an app confirmed, or a passkey. */
  async enrolled(account: string, exceptPasskey?: string): Promise<boolean> {
    if ((await this.engine.factors.totp(account))?.confirmed) return true;
    return (await this.engine.passkeys.list(account)).some((passkey) => passkey.id !== exceptPasskey);
  }

  /** `passkeysAvailable`: whether the request's origin is one passkeys are bound to (auth/passkeys.ts). */
  async ownFactors(account: Account, passkeysAvailable: boolean): Promise<OwnFactors> {
    const totp = await this.engine.factors.totp(account.name);
    const codes = await this.engine.factors.recoveryCodes(account.name);
    const passkeys = await this.engine.passkeys.list(account.name);
    return {
      totp: totp?.confirmed ? { createdAt: totp.createdAt, lastUsedAt: totp.lastUsedAt } : null,
      passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
      recoveryCodesLeft: totp?.confirmed ? codes.filter((code) => code.usedAt === null).length : 0,
      required: policyRequires(await this.policy(), account),
      available: this.keys !== null,
      passkeysAvailable,
    };
  }

  /** A new secret for the account's app, unconfirmed until its first code: what the QR code and the text show. */
  async beginTotp(account: string): Promise<{ secret: string; uri: string } | EnrolmentRefusal> {
    if (!this.keys) return 'factorKeyMissing';
    const secret = newTotpSecret();
    const at = this.clock().toISOString();
    if (!(await this.engine.factors.beginTotp(account, seal(this.keys, account, secret), at))) return 'factorEnrolled';
    return { secret: base32(secret), uri: otpauthUri(secret, account, TOTP_ISSUER) };
  }

  /**
   * The app's first code confirms it: answers the ten recovery codes, shown once; null when the code is not the
   * app's (counted as a failure by the gate) or there is nothing to confirm; a Refusal when the name is locked.
   */
  async confirmTotp(account: string, code: string, client: SignInClient): Promise<string[] | Refusal | null> {
    const totp = await this.engine.factors.totp(account);
    const opened = totp && !totp.confirmed && this.keys ? open(this.keys, account, totp.secret) : null;
    let step: number | null = null;
    const refusal = await this.gate.attempt(account, client, async () => {
      step = opened ? matchingStep(opened.secret, code, this.clock(), null) : null;
      return step !== null;
    });
    if (refusal) return refusal;
    const codes = newRecoveryCodes();
    const at = this.clock().toISOString();
    if (step === null || !(await this.engine.factors.confirmTotp(account, step, at, codes.map(hashRecoveryCode)))) {
      return null;
    }
    return codes;
  }

  /**
   * A one-time code of the account's app, or one of its recovery codes: null when accepted (and used up), else why
   * not. Counted with the name's passwords: a wrong code, a replayed one, a used recovery code are failures.
   */
  verify(account: string, code: string, client: SignInClient): Promise<Refusal | null> {
    return this.gate.attempt(account, client, () => this.accepts(account, code));
  }

  private async accepts(account: string, code: string): Promise<boolean> {
    const totp = await this.engine.factors.totp(account);
    if (!totp?.confirmed || !this.keys) return false;
    const now = this.clock();
    const opened = open(this.keys, account, totp.secret);
    const step = opened ? matchingStep(opened.secret, code, now, totp.lastStep) : null;
    if (opened && step !== null) {
      if (!(await this.engine.factors.useTotpStep(account, step, now.toISOString()))) return false;
      if (opened.stale) await this.engine.factors.resealTotp(account, seal(this.keys, account, opened.secret));
      return true;
    }
    const unused = (await this.engine.factors.recoveryCodes(account)).filter((stored) => stored.usedAt === null);
    const hash = matchingRecoveryHash(
      code,
      unused.map((stored) => stored.codeHash),
    );
    return hash !== null && (await this.engine.factors.useRecoveryCode(account, hash, now.toISOString()));
  }

  /** Ten new recovery codes in place of the account's others; null when it has no app set up. */
  async renewRecoveryCodes(account: string): Promise<string[] | null> {
    if (!(await this.engine.factors.totp(account))?.confirmed) return null;
    const codes = newRecoveryCodes();
    await this.engine.factors.replaceRecoveryCodes(account, codes.map(hashRecoveryCode), this.clock().toISOString());
    return codes;
  }

  /** Removes the account's app and recovery codes, its passkeys kept; whether it had any. */
  removeTotp(account: string): Promise<boolean> {
    return this.engine.factors.removeAll(account, { keepPasskeys: true });
  }

  /** Removes every factor of the account: app, recovery codes, passkeys (an admin's reset); whether it had any. */
  remove(account: string): Promise<boolean> {
    return this.engine.factors.removeAll(account);
  }
}
