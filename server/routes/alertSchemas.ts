import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer } from './authSchemas';

/** The parts of the alert routes' schemas they share. */

export const ID_PARAMS = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,8}$', description: 'The numeric id' } },
} as const;

/** What an admin-only console route may refuse. */
export const ADMIN_ERRORS = {
  401: consoleErrorAnswer('unauthorized: no session, or it has ended, and no operator token'),
  403: consoleErrorAnswer(
    'forbidden: not an admin; csrfRejected: a change with a session but without its x-csrf-token, or from another ' +
      'site; passwordChangeRequired',
  ),
  ...SERVER_ERRORS,
} as const;

/** What a console read for viewers and above may refuse. */
export const READER_ERRORS = {
  401: consoleErrorAnswer('unauthorized: no session, or it has ended, and no operator token'),
  403: consoleErrorAnswer('passwordChangeRequired: the account must choose a new password first'),
  ...SERVER_ERRORS,
} as const;

export const NOT_FOUND = { 404: consoleErrorAnswer('notFound: no such rule or webhook') } as const;
export const BAD_BODY = {
  400: consoleErrorAnswer('badRequest: not JSON, an unknown field or a bad value (`problem` says which)', {
    problem: { type: 'string' },
  }),
} as const;
/** What saving a webhook may refuse besides a bad body: its receiver's address (decision 0060). */
export const BAD_WEBHOOK = {
  400: consoleErrorAnswer(
    'badRequest: not JSON, an unknown field or a bad value (`problem` says which); webhookAddressRefused: the ' +
      "URL's host is, or resolves to, an address that is not public (loopback, private, link-local, ...; `address` " +
      'and `kind` say which) and RVM_WEBHOOK_ALLOW_NETWORKS does not allow; webhookHostUnknown: its host name ' +
      'resolves to no address (`problem`)',
    {
      problem: { type: 'string' },
      address: { type: 'string', description: 'The address refused' },
      kind: { type: 'string', description: 'Its kind: loopback, private, link-local, unspecified, multicast, ...' },
    },
  ),
} as const;
