import { AUDIT_PAGE_ANSWER_SCHEMA } from '../../shared/contract/auditEntry';
import type { Engine } from '../db/engine';
import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, CONSOLE_SECURITY } from './authSchemas';
import {
  AUDIT_QUERY_SCHEMA,
  auditEntryAnswer,
  auditLimit,
  auditQueryFor,
  encodeAuditCursor,
  type AuditQueryString,
} from './auditQuery';
import { route } from './route';

export const AUDIT_PAGE_DEFAULT = 100;

export const AUDIT_SCHEMA = {
  operationId: 'listAuditEntries',
  tags: ['operator'],
  summary: 'Who changed what, when, from where',
  description:
    'Newest first, a page at a time (`next` is the `before` of the page after). A person limited to districts sees ' +
    'the changes to their machines only, the decisions on held syncs that concern one, and no imports. An admin signed ' +
    'in also sees the changes outside the machines (people, tokens, alert rules, webhooks, photos stored; kind ' +
    'access). Viewer and above.',
  security: CONSOLE_SECURITY,
  querystring: AUDIT_QUERY_SCHEMA,
  response: {
    200: { description: 'A page of the audit', ...AUDIT_PAGE_ANSWER_SCHEMA },
    400: consoleErrorAnswer('badRequest: an unknown parameter, a bad value, or a `before` that is no `next`'),
    401: consoleErrorAnswer('unauthorized: no session, or it has ended, and no operator token'),
    403: consoleErrorAnswer('forbidden: a machine outside the districts of the account; passwordChangeRequired'),
    ...SERVER_ERRORS,
  },
} as const;

export function auditRoutes({ engine }: { engine: Engine }) {
  return {
    audit: route<{ Querystring: AuditQueryString }>({
      schema: AUDIT_SCHEMA,
      handler: async (request) => {
        const limit = auditLimit(request, AUDIT_PAGE_DEFAULT);
        // One more than asked tells whether there is a page after this one.
        const read = await engine.readAudit(await auditQueryFor(request, engine, limit + 1));
        const entries = read.slice(0, limit);
        const last = entries.at(-1);
        return {
          success: true,
          entries: entries.map(auditEntryAnswer),
          next: read.length > limit && last ? encodeAuditCursor(last.position) : null,
        };
      },
    }),
  };
}
