import type { Call } from '../../api/client';
import {
  FACTOR_POLICY_ANSWER_SCHEMA,
  OWN_FACTORS_ANSWER_SCHEMA,
  RECOVERY_CODES_ANSWER_SCHEMA,
  TOTP_ENROLMENT_ANSWER_SCHEMA,
  type FactorPolicy,
  type OwnFactors,
  type TotpEnrolment,
} from '../../../shared/contract/factors';
import { readAnswer } from '../readAnswer';
import { parseSession, type Session } from '../session/session';

export type { FactorPolicy, OwnFactors, TotpEnrolment };

const QUIET = { throw_error: true, not_blocking: true } as const;

/** The calls of a person's second factors and the step-up (docs/operators-factors.md#the-calls). */

export async function fetchOwnFactors(call: Call): Promise<OwnFactors> {
  return readAnswer(OWN_FACTORS_ANSWER_SCHEMA, await call('auth/factors', undefined, { ...QUIET, method: 'GET' }))
    .factors;
}

export async function beginTotp(call: Call): Promise<TotpEnrolment> {
  return readAnswer(TOTP_ENROLMENT_ANSWER_SCHEMA, await call('auth/factors/totp', {}, QUIET)).enrolment;
}

/** The ten recovery codes the confirmation answers. */
export async function confirmTotp(call: Call, code: string): Promise<string[]> {
  return readAnswer(RECOVERY_CODES_ANSWER_SCHEMA, await call('auth/factors/totp/confirm', { code }, QUIET))
    .recoveryCodes;
}

export async function removeTotp(call: Call): Promise<void> {
  await call('auth/factors/totp', undefined, { ...QUIET, method: 'DELETE' });
}

export async function renewRecoveryCodes(call: Call): Promise<string[]> {
  return readAnswer(RECOVERY_CODES_ANSWER_SCHEMA, await call('auth/factors/recovery-codes', {}, QUIET)).recoveryCodes;
}

function sessionOf(answer: unknown): Session {
  const session = parseSession(answer);
  if (!session) throw new Error('no session in the answer');
  return session;
}

/** A passkey's answer to the session's challenge (passkeyCalls.ts). */
type PasskeyProof = { passkey: unknown };

/** The second step of signing in, with a code or a passkey: the new session. */
export async function giveSecondFactor(call: Call, proof: { code: string } | PasskeyProof): Promise<Session> {
  return sessionOf(await call('auth/second-factor', proof, QUIET));
}

/** A fresh proof for an admin act: the password, a code (six digits or a recovery code), or a passkey. */
export async function stepUp(
  call: Call,
  proof: { password: string } | { code: string } | PasskeyProof,
): Promise<Session> {
  return sessionOf(await call('auth/step-up', proof, QUIET));
}

export async function fetchFactorPolicy(call: Call): Promise<FactorPolicy> {
  const body = await call('operator/factor-policy', undefined, { ...QUIET, method: 'GET' });
  return readAnswer(FACTOR_POLICY_ANSWER_SCHEMA, body).policy;
}

export async function saveFactorPolicy(call: Call, policy: FactorPolicy): Promise<FactorPolicy> {
  const body = await call('operator/factor-policy', { policy }, { ...QUIET, method: 'PATCH' });
  return readAnswer(FACTOR_POLICY_ANSWER_SCHEMA, body).policy;
}

export async function resetFactors(call: Call, name: string): Promise<void> {
  await call(`operator/people/${encodeURIComponent(name)}/factors/reset`, {}, QUIET);
}
