import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey in software for the server tests: an ES256 key pair, a credential id, a signature counter, and the
 * answers a browser would send (attestation "none", user present and verified), for any origin and relying party the
 * test names, so a test can also answer as another site.
 */

const sha256 = (data: string | Uint8Array): Buffer => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array): string => Buffer.from(data).toString('base64url');

const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_DATA = 0x40;

export interface Ceremony {
  /** The origin the browser reports (clientDataJSON). */
  origin: string;
  /** The relying party whose hash the authenticator signs. */
  rpId: string;
  userVerified?: boolean;
}

export class SoftPasskey {
  readonly id = randomBytes(16).toString('base64url');
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private userHandle: string | undefined;
  /** The next signature's counter is one more; a test may set it back, as a cloned authenticator would. */
  counter = 0;

  constructor(private readonly ceremony: Ceremony) {}

  register(
    options: { challenge: string; user: { id: string } },
    ceremony: Partial<Ceremony> = {},
  ): RegistrationResponseJSON {
    const { origin, rpId, userVerified = true } = { ...this.ceremony, ...ceremony };
    this.userHandle = options.user.id;
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
    const idBytes = Buffer.from(this.id, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(idBytes.length);
    const flags = USER_PRESENT | (userVerified ? USER_VERIFIED : 0) | ATTESTED_DATA;
    const authData = Buffer.concat([this.authData(rpId, flags), Buffer.alloc(16), idLength, idBytes, coseKey]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, origin),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  assert(options: { challenge: string }, ceremony: Partial<Ceremony> = {}): AuthenticationResponseJSON {
    const { origin, rpId, userVerified = true } = { ...this.ceremony, ...ceremony };
    this.counter += 1;
    const authData = this.authData(rpId, USER_PRESENT | (userVerified ? USER_VERIFIED : 0));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signed = Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(sign('sha256', signed, this.keys.privateKey)),
        ...(this.userHandle === undefined ? {} : { userHandle: this.userHandle }),
      },
      clientExtensionResults: {},
    };
  }

  private authData(rpId: string, flags: number): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter]);
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })).toString('base64url');
  }
}
