import type { FastifyRequest } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { relyingParty, type RelyingParty } from '../auth/passkeys';
import { ApiError } from '../errors';
import { consoleErrorAnswer } from './authSchemas';

/** The parts the passkeys' route schemas share (decision 0071): the browser's answers as SimpleWebAuthn sends them. */

const BASE64URL = (maxLength: number) => ({ type: 'string', maxLength, pattern: '^[A-Za-z0-9_-]*$' }) as const;
/** A credential id: WebAuthn allows 1023 bytes, 1364 characters of base64url. */
const CREDENTIAL_ID = BASE64URL(1366);

/** The parts of a PublicKeyCredential every answer has; the browser may add others, which are dropped. */
const CREDENTIAL_PARTS = {
  id: CREDENTIAL_ID,
  rawId: CREDENTIAL_ID,
  type: { type: 'string', const: 'public-key' },
  authenticatorAttachment: { type: 'string', maxLength: 32 },
  clientExtensionResults: { type: 'object' },
} as const;

/** A passkey's assertion (`startAuthentication` in the browser): what signing in, the second step and a step-up take. */
export const PASSKEY_ASSERTION = {
  type: 'object',
  required: ['id', 'rawId', 'type', 'response', 'clientExtensionResults'],
  description: "The browser's answer to a passkey challenge (an AuthenticationResponseJSON)",
  properties: {
    ...CREDENTIAL_PARTS,
    response: {
      type: 'object',
      required: ['clientDataJSON', 'authenticatorData', 'signature'],
      properties: {
        clientDataJSON: BASE64URL(8192),
        authenticatorData: BASE64URL(8192),
        // An ML-DSA-44 signature (which Chromium's virtual authenticator makes) is 2,420 bytes.
        signature: BASE64URL(8192),
        userHandle: BASE64URL(128),
      },
    },
  },
} as const;

/** A new passkey (`startRegistration` in the browser). */
export const PASSKEY_ATTESTATION = {
  type: 'object',
  required: ['id', 'rawId', 'type', 'response', 'clientExtensionResults'],
  description: "The browser's answer to a registration challenge (a RegistrationResponseJSON)",
  properties: {
    ...CREDENTIAL_PARTS,
    response: {
      type: 'object',
      required: ['clientDataJSON', 'attestationObject'],
      properties: {
        clientDataJSON: BASE64URL(8192),
        attestationObject: BASE64URL(32_768),
        transports: { type: 'array', maxItems: 8, items: { type: 'string', maxLength: 32 } },
        authenticatorData: BASE64URL(32_768),
        publicKey: BASE64URL(8192),
        publicKeyAlgorithm: { type: 'integer' },
      },
    },
  },
} as const;

/** Options for `navigator.credentials` as SimpleWebAuthn makes them; passed to the browser's library as they are. */
export const PASSKEY_OPTIONS_ANSWER = {
  description: 'The challenge and its options, for startAuthentication or startRegistration in the browser',
  type: 'object',
  required: ['success', 'options'],
  properties: {
    success: { type: 'boolean', const: true },
    options: { type: 'object', additionalProperties: true },
  },
} as const;

export const PASSKEY_UNAVAILABLE = {
  503: consoleErrorAnswer('passkeyUnavailable: the console is not at RVM_PUBLIC_ORIGIN (unset: not at localhost)'),
} as const;

/** The body's assertion as SimpleWebAuthn's type: the schema checked its shape, the library checks the rest. */
export const asAssertion = (body: unknown): AuthenticationResponseJSON => body as AuthenticationResponseJSON;
export const asAttestation = (body: unknown): RegistrationResponseJSON => body as RegistrationResponseJSON;

/** The relying party of this request (auth/passkeys.ts), or 503 passkeyUnavailable. */
export function relyingPartyOf(publicOrigin: string | null, request: FastifyRequest): RelyingParty {
  const rp = relyingParty(publicOrigin, request);
  if (rp === null) throw new ApiError(503, 'passkeyUnavailable');
  return rp;
}
