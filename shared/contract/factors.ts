import type { FromSchema } from 'json-schema-to-ts';
import { answerOf, MAYBE_TIME, TIME } from './wireParts';

/** A person's second factors and the deployment's policy for them (decision 0068, docs/operators-factors.md). */

/** Who must have a second factor before the console lets them do anything. */
export const FACTOR_POLICIES = ['none', 'admins', 'everyone'] as const;
export type FactorPolicy = (typeof FACTOR_POLICIES)[number];

/** A one-time code from an app, or one of the recovery codes: what the second step and a step-up take. */
export const CODE_FIELD = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  description: 'Six digits from the authenticator app, or a recovery code',
} as const;

/** The longest name a person gives a passkey, in characters. */
export const PASSKEY_NAME_MAX_LENGTH = 64;

export const PASSKEY_NAME_FIELD = {
  type: 'string',
  minLength: 1,
  maxLength: PASSKEY_NAME_MAX_LENGTH,
  pattern: '\\S',
  description: 'The name the person gives the passkey ("Laptop", "Phone")',
} as const;

/** One of a person's passkeys as the Security page lists it (decision 0071). */
export const PASSKEY_SCHEMA = {
  type: 'object',
  required: ['id', 'name', 'createdAt', 'lastUsedAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', description: 'The credential id, base64url' },
    name: PASSKEY_NAME_FIELD,
    createdAt: TIME,
    lastUsedAt: MAYBE_TIME,
  },
} as const;
export type Passkey = FromSchema<typeof PASSKEY_SCHEMA>;

export const OWN_FACTORS_SCHEMA = {
  type: 'object',
  required: ['totp', 'passkeys', 'recoveryCodesLeft', 'required', 'available', 'passkeysAvailable'],
  additionalProperties: false,
  properties: {
    totp: {
      type: ['object', 'null'],
      required: ['createdAt', 'lastUsedAt'],
      additionalProperties: false,
      properties: { createdAt: TIME, lastUsedAt: MAYBE_TIME },
      description: 'The authenticator app set up (its first code given); null when none',
    },
    passkeys: { type: 'array', items: PASSKEY_SCHEMA, description: "The person's passkeys, oldest first" },
    recoveryCodesLeft: { type: 'integer', minimum: 0, description: 'Recovery codes not yet used' },
    required: { type: 'boolean', description: "The deployment's policy asks this person for a second factor" },
    available: { type: 'boolean', description: 'The server can set up one-time codes (RVM_FACTOR_KEY is set)' },
    passkeysAvailable: {
      type: 'boolean',
      description: 'The server knows its origin for passkeys (RVM_PUBLIC_ORIGIN, or a console opened at localhost)',
    },
  },
} as const;
export type OwnFactors = FromSchema<typeof OWN_FACTORS_SCHEMA>;
export const OWN_FACTORS_ANSWER_SCHEMA = answerOf('factors', OWN_FACTORS_SCHEMA);

export const TOTP_ENROLMENT_SCHEMA = {
  type: 'object',
  required: ['secret', 'uri'],
  additionalProperties: false,
  properties: {
    secret: { type: 'string', description: 'The secret in base32, for an app that cannot read the QR code' },
    uri: { type: 'string', description: 'The otpauth:// URI the QR code carries' },
  },
} as const;
export type TotpEnrolment = FromSchema<typeof TOTP_ENROLMENT_SCHEMA>;
export const TOTP_ENROLMENT_ANSWER_SCHEMA = answerOf('enrolment', TOTP_ENROLMENT_SCHEMA);

export const RECOVERY_CODES_ANSWER_SCHEMA = answerOf('recoveryCodes', {
  type: 'array',
  items: { type: 'string' },
  description: 'Ten codes, each accepted once instead of a one-time code: shown this once, kept only as hashes',
} as const);

export const FACTOR_POLICY_SCHEMA = {
  type: 'object',
  required: ['policy'],
  additionalProperties: false,
  properties: {
    policy: {
      type: 'string',
      enum: FACTOR_POLICIES,
      description: 'none: nobody must; admins: every admin must; everyone: every person must set up a second factor',
    },
  },
} as const;
export const FACTOR_POLICY_ANSWER_SCHEMA = answerOf('policy', FACTOR_POLICY_SCHEMA.properties.policy);
