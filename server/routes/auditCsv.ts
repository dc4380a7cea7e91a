import { Readable } from 'node:stream';
import type { Clock } from '../accounts/clock';
import type { Engine } from '../db/engine';
import { auditCsvHeader, auditCsvLine } from '../http/auditCsv';
import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, CONSOLE_SECURITY } from './authSchemas';
import { AUDIT_QUERY_SCHEMA, auditEntryAnswer, auditLimit, auditQueryFor, type AuditQueryString } from './auditQuery';
import { route } from './route';

/** Entries read per step while the file streams out. */
const CSV_PAGE_ROWS = 1000;

export const AUDIT_CSV_SCHEMA = {
  operationId: 'downloadAuditCsv',
  tags: ['operator'],
  summary: 'The audit as a CSV file',
  description:
    'The same filters and districts as the audit, every entry from `before` on (at most `limit` when given), newest ' +
    'first: UTF-8 with a byte-order mark, CRLF lines, a cell that would run as a formula made text. Viewer and above.',
  security: CONSOLE_SECURITY,
  querystring: AUDIT_QUERY_SCHEMA,
  response: {
    200: {
      description: 'id, at, actor, actorKind, address, machineId, kind, before, after (JSON)',
      content: { 'text/csv; charset=utf-8': { schema: { type: 'string' } } },
    },
    400: consoleErrorAnswer('badRequest: an unknown parameter, a bad value, or a `before` that is no `next`'),
    401: consoleErrorAnswer('unauthorized: no session, or it has ended, and no operator token'),
    403: consoleErrorAnswer('forbidden: a machine outside the districts of the account; passwordChangeRequired'),
    ...SERVER_ERRORS,
  },
} as const;

export function auditCsvRoutes({ engine, clock }: { engine: Engine; clock: Clock }) {
  return {
    csv: route<{ Querystring: AuditQueryString }>({
      schema: AUDIT_CSV_SCHEMA,
      handler: async (request, reply) => {
        const query = await auditQueryFor(request, engine, CSV_PAGE_ROWS);
        const cap = auditLimit(request, Number.POSITIVE_INFINITY);
        async function* lines() {
          yield auditCsvHeader();
          let written = 0;
          for (let after = query.after; written < cap;) {
            const page = await engine.readAudit({ ...query, after, limit: Math.min(CSV_PAGE_ROWS, cap - written) });
            for (const entry of page) yield auditCsvLine(auditEntryAnswer(entry));
            written += page.length;
            if (page.length < CSV_PAGE_ROWS) break;
            after = page.at(-1)!.position;
          }
        }
        const day = clock().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="rvm-audit-${day}.csv"`)
          .send(Readable.from(lines()));
      },
    }),
  };
}
