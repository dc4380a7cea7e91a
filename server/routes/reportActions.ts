import type { FromSchema } from 'json-schema-to-ts';
import {
  CLOSE_REPORTS,
  CLOSED_NOW_ANSWER,
  CLOSED_REPORTS_ANSWER,
  REPORT_COUNTS_ANSWER,
  type ClosedReport,
} from '../../shared/contract/problemReport';
import { MACHINE_ID_MAX_CHARS } from '../../shared/contract/machine';
import { reachesDistrict } from '../accounts/access';
import type { Clock } from '../accounts/clock';
import type { Engine } from '../db/engine';
import { CLOSED_REPORTS_LIMIT, type ReportSelection, type StoredReport } from '../db/reportStore';
import { ApiError } from '../errors';
import { actorOf } from '../security/access';
import { ID_PARAMS, READER_ERRORS } from './alertSchemas';
import { SERVER_ERRORS } from './apiSchemas';
import { CONSOLE_SECURITY, consoleErrorAnswer } from './authSchemas';
import { route } from './route';

const MACHINE_ID_PATTERN = `^[A-Za-z0-9_-]{1,${MACHINE_ID_MAX_CHARS}}$`;

const MACHINE_PARAMS = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', pattern: MACHINE_ID_PATTERN, description: "The machine's id" } },
} as const;

const CLOSED_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { machine: { type: 'string', pattern: MACHINE_ID_PATTERN, description: 'Only this machine' } },
} as const;

const CLOSER_ERRORS = {
  400: consoleErrorAnswer('badRequest: not JSON, an unknown field, an outcome not named, or an empty or long note'),
  401: consoleErrorAnswer('unauthorized: no session, or it has ended, and no operator token'),
  403: consoleErrorAnswer(
    'forbidden: a viewer, or a machine outside the districts of the caller; csrfRejected: a change with a session ' +
      'but without its x-csrf-token, or from another site; passwordChangeRequired',
  ),
  ...SERVER_ERRORS,
} as const;

const CLOSES =
  'Operators and admins, of the districts they have; recorded in the audit (reportsResolved or reportsDismissed, ' +
  'the machine its subject, the reports and the note its detail). The answer lists the reports this call closed: ' +
  'none when they were closed already. An open reportedFull alert on the machine closes at the next evaluation ' +
  'once too few of its reports stay open.';

export const REPORT_ACTION_SCHEMAS = {
  closeOne: {
    operationId: 'closeReport',
    tags: ['reports'],
    summary: 'Resolves or dismisses one report, with a note',
    description: CLOSES,
    security: CONSOLE_SECURITY,
    params: ID_PARAMS,
    body: CLOSE_REPORTS,
    response: {
      200: { description: 'The report, closed now (or an empty list)', ...CLOSED_NOW_ANSWER },
      404: consoleErrorAnswer('notFound: no report with that id'),
      ...CLOSER_ERRORS,
    },
  },
  closeMachine: {
    operationId: 'closeMachineReports',
    tags: ['reports'],
    summary: 'Resolves or dismisses every open report of one machine, with one note',
    description: CLOSES,
    security: CONSOLE_SECURITY,
    params: MACHINE_PARAMS,
    body: CLOSE_REPORTS,
    response: {
      200: { description: 'The reports closed now, newest first', ...CLOSED_NOW_ANSWER },
      404: consoleErrorAnswer('notFound: no machine with that id'),
      ...CLOSER_ERRORS,
    },
  },
  closed: {
    operationId: 'listClosedReports',
    tags: ['reports'],
    summary: 'Reports resolved or dismissed, the last closed first, with their note and who closed them',
    description: `At most ${CLOSED_REPORTS_LIMIT}; of the caller's districts; viewer and above.`,
    security: CONSOLE_SECURITY,
    querystring: CLOSED_QUERY,
    response: {
      200: { description: 'The closed reports', ...CLOSED_REPORTS_ANSWER },
      400: consoleErrorAnswer('badRequest: an unknown parameter or a bad machine id'),
      ...READER_ERRORS,
    },
  },
  counts: {
    operationId: 'countOpenReports',
    tags: ['reports'],
    summary: "Each machine's open reports, of the caller's districts",
    description: 'The count the fleet table and the machine page show. Viewer and above.',
    security: CONSOLE_SECURITY,
    response: { 200: { description: 'Open reports by machine', ...REPORT_COUNTS_ANSWER }, ...READER_ERRORS },
  },
} as const;

type Close = { Body: FromSchema<typeof CLOSE_REPORTS> };

const closedAnswer = (report: StoredReport): ClosedReport => ({
  id: report.id,
  machineId: report.machineId,
  district: report.district,
  kind: report.kind,
  text: report.text,
  createdAt: report.createdAt,
  state: report.state === 'dismissed' ? 'dismissed' : 'resolved',
  note: report.note ?? '',
  closedAt: report.closedAt ?? '',
  closedBy: report.closedBy ?? '',
});

/**
 * An operator closes visitors' reports, one or a machine's all, with a note (decision 0072): the reports keep how,
 * when, by whom and the note; the audit records it under the caller.
 */
export function reportActionRoutes({ engine, clock }: { engine: Engine; clock: Clock }) {
  const close = async (
    request: Parameters<typeof actorOf>[0] & { body: Close['Body'] },
    machineId: string,
    selection: ReportSelection,
  ) => {
    const actor = actorOf(request);
    const at = clock().toISOString();
    const { outcome, note } = request.body;
    if (note.trim() === '') throw new ApiError(400, 'badRequest', { problem: 'note: empty' });
    const closed = await engine.reports.close(selection, { outcome, note, by: actor.name, byKind: actor.kind, at });
    if (closed.length > 0) {
      await engine.accessAudit.record({
        at,
        actor: actor.name,
        actorKind: actor.kind,
        address: actor.address,
        action: outcome === 'resolved' ? 'reportsResolved' : 'reportsDismissed',
        subject: machineId,
        detail: { reports: closed.map((report) => report.id), note },
      });
    }
    return { success: true, reports: closed.map(closedAnswer) };
  };

  return {
    closeOne: route<Close & { Params: FromSchema<typeof ID_PARAMS> }>({
      schema: REPORT_ACTION_SCHEMAS.closeOne,
      handler: async (request) => {
        const report = await engine.reports.get(Number(request.params.id));
        if (!report) throw new ApiError(404, 'notFound');
        if (!reachesDistrict(request.caller!, report.district)) throw new ApiError(403, 'forbidden');
        return close(request, report.machineId, { id: report.id });
      },
    }),
    closeMachine: route<Close & { Params: FromSchema<typeof MACHINE_PARAMS> }>({
      schema: REPORT_ACTION_SCHEMAS.closeMachine,
      handler: async (request) => {
        const machine = await engine.getMachine(request.params.id);
        if (!machine) throw new ApiError(404, 'notFound');
        if (!reachesDistrict(request.caller!, machine.district)) throw new ApiError(403, 'forbidden');
        return close(request, machine.id, { machineId: machine.id });
      },
    }),
    closed: route<{ Querystring: FromSchema<typeof CLOSED_QUERY> }>({
      schema: REPORT_ACTION_SCHEMAS.closed,
      handler: async (request) => {
        const reports = await engine.reports.listClosed(CLOSED_REPORTS_LIMIT, request.query.machine ?? null);
        return {
          success: true,
          reports: reports.filter((report) => reachesDistrict(request.caller!, report.district)).map(closedAnswer),
        };
      },
    }),
    counts: route({
      schema: REPORT_ACTION_SCHEMAS.counts,
      handler: async (request) => {
        const counts: Record<string, number> = {};
        for (const { machineId, district, count } of await engine.reports.openCounts()) {
          if (reachesDistrict(request.caller!, district)) counts[machineId] = (counts[machineId] ?? 0) + count;
        }
        return { success: true, counts };
      },
    }),
  };
}
