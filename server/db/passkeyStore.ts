/** A person's passkey (WebAuthn credential) as stored: its public key is not secret, but only its account uses it. */
export interface PasskeyRecord {
  /** The credential id, base64url, as the authenticator made it. */
  id: string;
  account: string;
  /** The person's own name for it ("Laptop", "Phone"). */
  name: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The signature counter last seen: an assertion with a counter not above it (but 0 and 0) is refused. */
  counter: number;
  /** How the browser reaches it (`internal`, `hybrid`, `usb`...), as the registration said. */
  transports: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

/** What a challenge is for: adding a passkey, or an assertion (signing in, the second step, a step-up). */
export type ChallengePurpose = 'register' | 'authenticate';

/** A challenge handed out, single-use: taken (deleted) by the answer that uses it. */
export interface StoredChallenge {
  challenge: string;
  purpose: ChallengePurpose;
  /** The account it was made for; null for a sign-in with a passkey alone (whose account the passkey names). */
  account: string | null;
  expiresAt: string;
}

/** People's passkeys, and the challenges of their ceremonies (decision 0071). */
export interface PasskeyStore {
  list(account: string): Promise<PasskeyRecord[]>;
  get(id: string): Promise<PasskeyRecord | null>;
  /** False when a passkey of that id exists already (nothing written). */
  add(passkey: PasskeyRecord): Promise<boolean>;
  /** Records an accepted assertion: only if `counter` is still the one read, so two uses of one assertion race to one. */
  use(id: string, before: number, counter: number, at: string): Promise<boolean>;
  rename(account: string, id: string, name: string): Promise<boolean>;
  remove(account: string, id: string): Promise<boolean>;
  /** Keeps `challenge` under `keyHash`, replacing one there, and drops every expired one. */
  putChallenge(keyHash: string, challenge: StoredChallenge, now: string): Promise<void>;
  /** Deletes and answers the challenge under `keyHash`: each is used once, whether the answer is right or not. */
  takeChallenge(keyHash: string): Promise<StoredChallenge | null>;
}
