import type { FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { ALERT_HISTORY_ANSWER_SCHEMA, OPEN_ALERTS_ANSWER_SCHEMA } from '../../shared/contract/alert';
import { reachesDistrict } from '../accounts/access';
import type { Alert } from '../alerts/alert';
import { ALERT_KINDS } from '../alerts/alertRule';
import type { Engine } from '../db/engine';
import { READER_ERRORS } from './alertSchemas';
import { CONSOLE_SECURITY } from './authSchemas';
import { route } from './route';

const HISTORY_DEFAULT_LIMIT = 100;
const HISTORY_MAX_LIMIT = 1000;

const HISTORY_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    before: { type: 'string', pattern: '^[1-9][0-9]{0,8}$', description: 'The `next` of the page before' },
    limit: { type: 'string', pattern: '^[1-9][0-9]{0,3}$', description: `At most ${HISTORY_MAX_LIMIT}` },
  },
} as const;

const VIEWERS = 'Viewer and above; a person limited to districts sees the alerts of those (and the feed’s).';

export const ALERT_SCHEMAS = {
  open: {
    operationId: 'listOpenAlerts',
    tags: ['alerts'],
    summary: 'The open alerts, and their count by kind',
    description: `Alerts whose condition has lasted longer than their rule's minutes and goes on, oldest first. ${VIEWERS}`,
    security: CONSOLE_SECURITY,
    response: {
      200: { description: 'The open alerts', ...OPEN_ALERTS_ANSWER_SCHEMA },
      ...READER_ERRORS,
    },
  },
  history: {
    operationId: 'listClosedAlerts',
    tags: ['alerts'],
    summary: 'Closed alerts, newest first',
    description: `A page of the alerts that opened and have closed; \`next\` asks for the page after. ${VIEWERS}`,
    security: CONSOLE_SECURITY,
    querystring: HISTORY_QUERY,
    response: {
      200: { description: 'A page of the history', ...ALERT_HISTORY_ANSWER_SCHEMA },
      ...READER_ERRORS,
    },
  },
} as const;

/** Open alerts, and the history of closed ones: what the console shows, and the count on its fleet view. */
export function alertRoutes({ engine }: { engine: Engine }) {
  const visible = (alerts: Alert[], request: FastifyRequest) =>
    alerts.filter((alert) => alert.district === null || reachesDistrict(request.caller!, alert.district));

  return {
    open: route({
      schema: ALERT_SCHEMAS.open,
      handler: async (request) => {
        const open = visible(await engine.alerts.currentAlerts(), request).filter((alert) => alert.openedAt !== null);
        const counts = Object.fromEntries(ALERT_KINDS.map((kind) => [kind, 0]));
        for (const alert of open) counts[alert.kind] = (counts[alert.kind] ?? 0) + 1;
        return { success: true, alerts: open, counts };
      },
    }),

    history: route<{ Querystring: FromSchema<typeof HISTORY_QUERY> }>({
      schema: ALERT_SCHEMAS.history,
      handler: async (request) => {
        const limit = Math.min(HISTORY_MAX_LIMIT, Number(request.query.limit ?? HISTORY_DEFAULT_LIMIT));
        const page = await engine.alerts.closedAlerts(
          request.query.before ? Number(request.query.before) : null,
          limit,
        );
        const next = page.length === limit ? String(page.at(-1)!.id) : null;
        return { success: true, alerts: visible(page, request), next };
      },
    }),
  };
}
