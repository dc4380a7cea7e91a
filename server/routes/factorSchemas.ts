import { CODE_FIELD } from '../../shared/contract/factors';
import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, RETRY_AFTER_SECONDS, SESSION_COOKIE_SCHEME } from './authSchemas';

/** The parts the second factors' route schemas share (decision 0068). */

export const SESSION_ONLY = [{ [SESSION_COOKIE_SCHEME]: [] }];

/** `{ code }`: six digits from the app, or a recovery code. */
export const CODE_BODY = {
  type: 'object',
  required: ['code'],
  additionalProperties: false,
  properties: { code: CODE_FIELD },
} as const;

/** What a route a person calls about their own factors may answer besides its own 200. */
export const OWN_FACTOR_REFUSALS = {
  401: consoleErrorAnswer('unauthorized: no session (a token has none)'),
  403: consoleErrorAnswer(
    'csrfRejected; secondFactorRequired (the code step first); passwordChangeRequired; stepUpRequired (a change: ' +
      'the password or a code again, in the last RVM_STEP_UP_MIN minutes)',
  ),
  ...SERVER_ERRORS,
} as const;

/** A code refused: wrong, used, or the name locked by wrong passwords and codes. */
export const CODE_REFUSALS = {
  401: consoleErrorAnswer(
    'badCode: not a code of the app nor an unused recovery code; badPasskey: not an answer of one of this ' +
      "person's passkeys to the session's challenge; unauthorized: no session",
  ),
  429: consoleErrorAnswer(
    'accountLocked, tooManyAttempts: too many wrong passwords or codes (retryAfterSeconds); tooManyRequests',
    RETRY_AFTER_SECONDS,
  ),
} as const;
