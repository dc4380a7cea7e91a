import {
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { Call } from '../../api/client';
import { OWN_FACTORS_ANSWER_SCHEMA, type OwnFactors } from '../../../shared/contract/factors';
import { readAnswer } from '../readAnswer';
import { parseSession, type Session } from '../session/session';

/** The passkeys' calls (docs/operators-factors.md#passkeys): each asks the server for a challenge, then the browser. */

const QUIET = { throw_error: true, not_blocking: true } as const;

/** The browser's prompt was closed, timed out or refused: nothing was sent to the server. */
export class PasskeyCancelled extends Error {
  override name = 'PasskeyCancelled';
}

async function optionsFrom<T>(call: Call, path: string): Promise<T> {
  const body = await call<{ options?: T }>(path, {}, QUIET);
  if (!body?.options) throw new Error('no passkey options in the answer');
  return body.options;
}

/** WebAuthn's own refusals (NotAllowedError and the like) say the person or the browser said no. */
const cancelledWhen = async <T>(ceremony: Promise<T>): Promise<T> => {
  try {
    return await ceremony;
  } catch (error) {
    throw new PasskeyCancelled(error instanceof Error ? error.message : String(error), { cause: error });
  }
};

/** An answer of one of the signed-in (or half signed-in) person's passkeys, to the session's challenge. */
export async function passkeyAssertion(call: Call): Promise<AuthenticationResponseJSON> {
  const optionsJSON = await optionsFrom<PublicKeyCredentialRequestOptionsJSON>(call, 'auth/passkey/options');
  return cancelledWhen(startAuthentication({ optionsJSON }));
}

/** Signing in with a passkey alone: the new session. */
export async function signInWithPasskey(call: Call): Promise<Session> {
  const optionsJSON = await optionsFrom<PublicKeyCredentialRequestOptionsJSON>(call, 'auth/passkey/sign-in-options');
  const passkey = await cancelledWhen(startAuthentication({ optionsJSON }));
  const session = parseSession(await call('auth/passkey/sign-in', { passkey }, QUIET));
  if (!session) throw new Error('no session in the answer');
  return session;
}

export async function addPasskey(call: Call, name: string): Promise<OwnFactors> {
  const optionsJSON = await optionsFrom<PublicKeyCredentialCreationOptionsJSON>(call, 'auth/factors/passkeys/options');
  const passkey = await cancelledWhen(startRegistration({ optionsJSON }));
  return readAnswer(OWN_FACTORS_ANSWER_SCHEMA, await call('auth/factors/passkeys', { name, passkey }, QUIET)).factors;
}

export async function renamePasskey(call: Call, id: string, name: string): Promise<OwnFactors> {
  const body = await call(`auth/factors/passkeys/${encodeURIComponent(id)}`, { name }, { ...QUIET, method: 'PATCH' });
  return readAnswer(OWN_FACTORS_ANSWER_SCHEMA, body).factors;
}

export async function removePasskey(call: Call, id: string): Promise<OwnFactors> {
  const body = await call(`auth/factors/passkeys/${encodeURIComponent(id)}`, undefined, {
    ...QUIET,
    method: 'DELETE',
  });
  return readAnswer(OWN_FACTORS_ANSWER_SCHEMA, body).factors;
}
