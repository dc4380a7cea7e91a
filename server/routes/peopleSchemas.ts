import { API_TOKEN_ANSWER_SCHEMA } from '../../shared/contract/apiToken';
import { PERSON_ANSWER_SCHEMA } from '../../shared/contract/person';
import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, PROBLEMS, SESSION_COOKIE_SCHEME } from './authSchemas';

/** The parts of the people and token routes' schemas they share. */

/** Only an admin signed in: never a token, so that every change to who may sign in names a person. */
export const PEOPLE_SECURITY = [{ [SESSION_COOKIE_SCHEME]: [] }];
export const ADMINS_SIGNED_IN = 'An admin signed in only (no token, not even the operator token: decision 0053).';

export const NAME_PARAMS = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', minLength: 1, maxLength: 256, description: "The person's name" } },
} as const;

export const PERSON_ANSWER = { description: 'The person as they are now', ...PERSON_ANSWER_SCHEMA } as const;

export const TOKEN_ANSWER = { description: 'The token', ...API_TOKEN_ANSWER_SCHEMA } as const;

export const PEOPLE_ERRORS = {
  401: consoleErrorAnswer('unauthorized: no session, or it has ended'),
  403: consoleErrorAnswer(
    'forbidden: not an admin, or a token; csrfRejected: a change without the session’s x-csrf-token, or from ' +
      'another site; passwordChangeRequired',
  ),
  ...SERVER_ERRORS,
} as const;

export const PERSON_REFUSALS = {
  400: consoleErrorAnswer(
    'badRequest: a bad name or value (`problem` says which); passwordRejected: the first password is refused ' +
      '(`problems`, field password)',
    { problem: { type: 'string' }, ...PROBLEMS },
  ),
  404: consoleErrorAnswer('notFound: no such person'),
  409: consoleErrorAnswer(
    'nameTaken: there is already a person of that name; nameConfusable: the name looks like that of the person ' +
      'named in `like` (Unicode TR39 confusables); lastAdmin: the change would leave no active admin; ownAccount: an admin cannot ' +
      'disable, demote or reset themselves (another admin can)',
    { like: { type: 'string', description: 'The name the new one looks like' } },
  ),
} as const;

export const TOKEN_REFUSALS = {
  400: consoleErrorAnswer('badRequest: a bad name or value (`problem` says which)', { problem: { type: 'string' } }),
  404: consoleErrorAnswer('notFound: no such token, or it is revoked already'),
  409: consoleErrorAnswer(
    'nameTaken: a token not revoked has that name; nameConfusable: the name looks like that of a token not revoked, ' +
      'named in `like`',
    { like: { type: 'string', description: 'The name the new one looks like' } },
  ),
} as const;
