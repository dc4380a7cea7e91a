import { createHash, randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Account } from '../accounts/account';
import type { Clock } from '../accounts/clock';
import type { Engine } from '../db/engine';
import type { ChallengePurpose, PasskeyRecord } from '../db/passkeyStore';
import type { Refusal, SignInClient, SignInGate, SignInResult } from './signIn';

type Transport = AuthenticatorTransport;

/** How long a challenge may be answered: the browser's own prompt gives up at the same time. */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;
/** What the browser's passkey prompt names the site as. */
export const PASSKEY_RP_NAME = 'RVM console';
/** A name no account can have (accounts/account.ts): an unknown passkey's failure counts against the address only. */
const NO_ACCOUNT = '';

/** Where passkeys are bound: the relying party id (a host name) and the origin the browser must report. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * The relying party for a request: the deployment's RVM_PUBLIC_ORIGIN when set (behind a proxy, the browser's origin
 * is not the server's); else the request's own origin, but only on localhost, where no proxy and no Host header a
 * stranger chose can be in between. Null: passkeys are not offered.
 */
export function relyingParty(
  publicOrigin: string | null,
  request: { protocol: string; host: string },
): RelyingParty | null {
  if (publicOrigin !== null) return { id: new URL(publicOrigin).hostname, origin: publicOrigin };
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${request.host}`);
  } catch {
    return null;
  }
  return url.hostname === 'localhost' ? { id: url.hostname, origin: url.origin } : null;
}

/** The key a challenge is kept under: the hash of what it is bound to (a session's id hash, a sign-in's cookie). */
export const challengeKey = (boundTo: 'session' | 'attempt', value: string): string =>
  createHash('sha256').update(`passkey challenge:${boundTo}:${value}`).digest('hex');

/** A new sign-in attempt's id, for its cookie: 256 bits. */
export const newAttemptId = (): string => randomBytes(32).toString('base64url');

/** The WebAuthn user handle of an account: a hash of its name, so the authenticator keeps no name of ours in it. */
export const userHandle = (account: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(createHash('sha256').update(`rvm user:${account}`).digest());

/**
 * People's passkeys (WebAuthn, with SimpleWebAuthn; decision 0071): the registration and assertion ceremonies, each
 * challenge kept in the database under the hash of the session or sign-in attempt it was given to, taken (deleted)
 * by the first answer and refused after PASSKEY_CHALLENGE_MS; user verification required, so a passkey is two
 * factors; the signature counter checked and moved on atomically. Every assertion and every registration is counted
 * by the sign-in gate as a password is: refused while the name is locked, a failure added when it does not verify.
 */
export class Passkeys {
  constructor(
    private readonly engine: Engine,
    private readonly gate: SignInGate,
    private readonly clock: Clock,
  ) {}

  list(account: string): Promise<PasskeyRecord[]> {
    return this.engine.passkeys.list(account);
  }

  async registrationOptions(
    account: Pick<Account, 'name'>,
    rp: RelyingParty,
    key: string,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.engine.passkeys.list(account.name);
    const options = await generateRegistrationOptions({
      rpName: PASSKEY_RP_NAME,
      rpID: rp.id,
      userName: account.name,
      userID: userHandle(account.name),
      timeout: PASSKEY_CHALLENGE_MS,
      attestationType: 'none',
      excludeCredentials: existing.map(({ id, transports }) => ({ id, transports: transports as Transport[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.keep(key, options.challenge, 'register', account.name);
    return options;
  }

  /**
   * The new passkey, stored; else why not: the name locked, or (counted as a wrong password) an answer that is not to
   * the challenge kept under `key`, or does not verify.
   */
  async register(
    account: string,
    name: string,
    response: RegistrationResponseJSON,
    rp: RelyingParty,
    key: string,
    client: SignInClient,
  ): Promise<{ added: PasskeyRecord } | Refusal> {
    const made: { added?: PasskeyRecord } = {};
    const refusal = await this.gate.attempt(account, client, async () => {
      const added = await this.registered(account, name, response, rp, key);
      if (added) made.added = added;
      return added !== null;
    });
    return refusal ?? (made.added ? { added: made.added } : { outcome: 'badCredentials' });
  }

  private async registered(
    account: string,
    name: string,
    response: RegistrationResponseJSON,
    rp: RelyingParty,
    key: string,
  ): Promise<PasskeyRecord | null> {
    const challenge = await this.take(key, 'register', account);
    if (challenge === null) return null;
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    }).catch(() => null);
    if (!verified?.verified) return null;
    const { credential } = verified.registrationInfo;
    const passkey: PasskeyRecord = {
      id: credential.id,
      account,
      name: name.trim(),
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: this.clock().toISOString(),
      lastUsedAt: null,
    };
    return (await this.engine.passkeys.add(passkey)) ? passkey : null;
  }

  /**
   * A challenge to sign, kept under `key`: for `account`'s own passkeys (the second step, a step-up), or for any
   * passkey of this site the browser holds (null: signing in with a passkey alone).
   */
  async authenticationOptions(
    rp: RelyingParty,
    key: string,
    account: string | null,
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const allowed = account === null ? [] : await this.engine.passkeys.list(account);
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      timeout: PASSKEY_CHALLENGE_MS,
      userVerification: 'required',
      ...(account === null
        ? {}
        : { allowCredentials: allowed.map(({ id, transports }) => ({ id, transports: transports as Transport[] })) }),
    });
    await this.keep(key, options.challenge, 'authenticate', account);
    return options;
  }

  /** An assertion by one of `account`'s passkeys (the second step, a step-up): null when accepted, else why not. */
  verify(
    account: string,
    response: AuthenticationResponseJSON,
    rp: RelyingParty,
    key: string,
    client: SignInClient,
  ): Promise<Refusal | null> {
    return this.gate.attempt(
      account,
      client,
      async () => (await this.asserted(response, rp, key, account)) === account,
    );
  }

  /** Signing in with a passkey alone: the account its passkey names, counted with that name's passwords. */
  async signIn(
    response: AuthenticationResponseJSON,
    rp: RelyingParty,
    key: string,
    client: SignInClient,
  ): Promise<SignInResult> {
    const claimed = (await this.engine.passkeys.get(response.id))?.account ?? NO_ACCOUNT;
    return this.gate.signInWith(
      claimed,
      client,
      async () => (await this.asserted(response, rp, key, null)) === claimed,
    );
  }

  rename(account: string, id: string, name: string): Promise<boolean> {
    return this.engine.passkeys.rename(account, id, name.trim());
  }

  remove(account: string, id: string): Promise<boolean> {
    return this.engine.passkeys.remove(account, id);
  }

  /**
   * The account whose passkey signed the challenge kept under `key` (which is used up, whatever the answer); null for
   * no challenge or an expired one, a challenge made for another account, an unknown passkey, a signature, origin or
   * relying party that does not verify, no user verification, or a counter that did not move on.
   */
  private async asserted(
    response: AuthenticationResponseJSON,
    rp: RelyingParty,
    key: string,
    account: string | null,
  ): Promise<string | null> {
    const challenge = await this.take(key, 'authenticate', account);
    const passkey = await this.engine.passkeys.get(response.id);
    if (challenge === null || passkey === null || (account !== null && passkey.account !== account)) return null;
    const handle = response.response.userHandle;
    if (handle !== undefined && handle !== Buffer.from(userHandle(passkey.account)).toString('base64url')) return null;
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as Transport[],
      },
      requireUserVerification: true,
    }).catch(() => null);
    if (!verified?.verified) return null;
    const at = this.clock().toISOString();
    const moved = await this.engine.passkeys.use(
      passkey.id,
      passkey.counter,
      verified.authenticationInfo.newCounter,
      at,
    );
    return moved ? passkey.account : null;
  }

  private async keep(key: string, challenge: string, purpose: ChallengePurpose, account: string | null) {
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + PASSKEY_CHALLENGE_MS).toISOString();
    await this.engine.passkeys.putChallenge(key, { challenge, purpose, account, expiresAt }, now.toISOString());
  }

  /** The challenge under `key`, used up; null when there is none of this purpose and account, or it expired. */
  private async take(key: string, purpose: ChallengePurpose, account: string | null): Promise<string | null> {
    const stored = await this.engine.passkeys.takeChallenge(key);
    if (stored === null || stored.purpose !== purpose || stored.account !== account) return null;
    return stored.expiresAt > this.clock().toISOString() ? stored.challenge : null;
  }
}
