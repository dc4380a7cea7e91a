/**
 * Every `msg` key the server can answer with (`{ success: false, msg }`).
 * The front end translates each one (docs/spec.md#errors); keep this list and the locale files in step.
 */
export const API_ERROR_KEYS = [
  'badRequest',
  'unauthorized',
  'forbidden',
  'notFound',
  'fileNotFound',
  'methodNotAllowed',
  'fileMissing',
  'fileTooLarge',
  'payloadTooLarge',
  'unsupportedFileType',
  'unsupportedMediaType',
  'tooManyRequests',
  'systemError',
] as const;
export type PublicErrorKey = (typeof API_ERROR_KEYS)[number];

/**
 * The keys only the console meets (signing in, sessions, roles, the machine edit). They are translated in the
 * console's own lazy locale files (src/operator/i18n/locales/), not in the ones every visitor downloads.
 */
export const CONSOLE_ERROR_KEYS = [
  /** A name and password that do not sign in: the same for an unknown name, a wrong password, a disabled account. */
  'badCredentials',
  /** Too many wrong passwords for this name: `retryAfterSeconds` says when it opens again. */
  'accountLocked',
  /** Too many failed sign-ins from this address: `retryAfterSeconds` says when to try again. */
  'tooManyAttempts',
  /** A change with a session but without its `x-csrf-token`, or from another site. */
  'csrfRejected',
  /** The account must choose a new password before anything else. */
  'passwordChangeRequired',
  /** A new password not taken: `problems` says which field and why. */
  'passwordRejected',
  /** A machine edit with bad values: `problems` says which field and why; nothing changed. */
  'invalidMachine',
  /** A person, or a token not revoked, of that name exists already. */
  'nameTaken',
  /** A new name that looks like another's (`аnn` beside `ann`, `rn` for `m`): `like` names the other. */
  'nameConfusable',
  /** The change would leave no admin who may sign in. */
  'lastAdmin',
  /** An admin may not disable, demote or reset themselves: another admin can. */
  'ownAccount',
  /** A feed hold already decided (by an admin, or by the feed's next answer): `hold` says how. */
  'holdDecided',
  /** An import file that is no data set (bad JSON, a missing CSV column, no rows): `reasons` says why. */
  'importUnreadable',
  /** An import applied after the machines changed since its preview: nothing written; preview it again. */
  'importOutdated',
  /** An import with no row that adds or changes a machine: nothing to write. */
  'importNothingToApply',
  /** A webhook URL whose host is, or resolves to, an internal address: `address` and `kind` say which (decision 0060). */
  'webhookAddressRefused',
  /** A webhook URL whose host name resolves to no address: `problem` says how it failed. */
  'webhookHostUnknown',
  /** The server is reading as many imports as it takes at once: `retryAfterSeconds` says when to try again. */
  'importBusy',
  /** The password was right; the one-time code (or a recovery code) must come next. */
  'secondFactorRequired',
  /** The factor policy asks this person to set up a second factor before anything else. */
  'factorEnrolmentRequired',
  /** An admin act needs a password or code given in the last minutes (RVM_STEP_UP_MIN): the console asks again. */
  'stepUpRequired',
  /** A one-time code or recovery code that is wrong, used already, or of an app not set up. */
  'badCode',
  /** The server has no RVM_FACTOR_KEY to seal a one-time-code secret with. */
  'factorKeyMissing',
  /** An authenticator app is set up already: remove it first to set up another. */
  'factorEnrolled',
  /** The factor policy asks this person for a second factor: it cannot be removed. */
  'factorRequired',
  /** A passkey's answer that does not verify: another site's, an unknown passkey, a challenge used or expired. */
  'badPasskey',
  /** The console is not at the origin passkeys are bound to (RVM_PUBLIC_ORIGIN; unset: localhost only). */
  'passkeyUnavailable',
  /** A host origin that is no `scheme://host[:port]` (decision 0073). */
  'embedOriginInvalid',
  /** That host origin is allowed already (added in the console). */
  'embedOriginTaken',
  /** That host origin is RVM_EMBED_ORIGINS's, set at deploy time: the console neither adds nor removes it. */
  'embedOriginInFloor',
  /** As many host origins as the console keeps are there already: `max` says how many. */
  'embedOriginsFull',
] as const;
export type ConsoleErrorKey = (typeof CONSOLE_ERROR_KEYS)[number];
export type ApiErrorKey = PublicErrorKey | ConsoleErrorKey;

export interface ApiErrorBody {
  success: false;
  msg: ApiErrorKey;
  [detail: string]: unknown;
}

/** What a failure says beyond its key: `retryAfterSeconds`, `problems`. */
export type ErrorDetails = Record<string, unknown>;

/** An expected failure: answered as `{ success: false, msg, ...details }` with this status. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    readonly msg: ApiErrorKey,
    readonly details: ErrorDetails = {},
  ) {
    super(msg);
  }
}

/** The key for an error that carries only an HTTP status (framework and plugin errors). */
export function keyForStatus(status: number): PublicErrorKey {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 405:
      return 'methodNotAllowed';
    case 413:
      return 'payloadTooLarge';
    case 406:
    case 415:
      return 'unsupportedMediaType';
    case 429:
      return 'tooManyRequests';
    default:
      return status >= 400 && status < 500 ? 'badRequest' : 'systemError';
  }
}
