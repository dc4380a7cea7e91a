import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { District } from '../../shared/contract/machine';
import {
  MONTH_EPISODES_ANSWER_SCHEMA,
  MONTH_FIGURES_ANSWER_SCHEMA,
  OPEN_EPISODES_ANSWER_SCHEMA,
  PROMISE_ANSWER_SCHEMA,
  PROMISE_BODY_SCHEMA,
  SERVICE_DISTRICT_QUERY_SCHEMA,
  SERVICE_MONTH_QUERY_SCHEMA,
  type ServiceDistrictQuery,
  type ServiceMonthQuery,
} from '../../shared/contract/service';
import { reachesDistrict } from '../accounts/access';
import type { Clock } from '../accounts/clock';
import type { Engine } from '../db/engine';
import { ApiError } from '../errors';
import { actorOf } from '../security/access';
import { episodeCsv } from '../http/episodeCsv';
import { monthEpisodes, monthReport, openEpisodes } from '../service/serviceReport';
import { ADMIN_ERRORS, BAD_BODY, READER_ERRORS } from './alertSchemas';
import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, CONSOLE_SECURITY } from './authSchemas';
import { route } from './route';

const VIEWERS =
  'Viewer and above; a person limited to districts reads those (asking for another district is refused, 403).';
const BAD_QUERY = { 400: consoleErrorAnswer('badRequest: no `month`, a bad month or district, or another parameter') };
const READER_ANSWERS = {
  ...BAD_QUERY,
  401: READER_ERRORS[401],
  403: consoleErrorAnswer('forbidden: a district outside the account’s; passwordChangeRequired'),
  ...SERVER_ERRORS,
} as const;
const DOCS = 'docs/operators-service.md';

export const SERVICE_SCHEMAS = {
  open: {
    operationId: 'listOpenEpisodes',
    tags: ['service'],
    summary: 'The episodes going on now, with their clock against the promise',
    description: `Full, nearly full, out of service and in maintenance (${DOCS}); full and nearly full ones nearest the promise's limit first. ${VIEWERS}`,
    security: CONSOLE_SECURITY,
    querystring: SERVICE_DISTRICT_QUERY_SCHEMA,
    response: { 200: { description: 'The open episodes', ...OPEN_EPISODES_ANSWER_SCHEMA }, ...READER_ANSWERS },
  },
  episodes: {
    operationId: 'listMonthEpisodes',
    tags: ['service'],
    summary: "A month's episodes",
    description: `Every episode that started in the month (Hong Kong time), oldest first. ${VIEWERS}`,
    security: CONSOLE_SECURITY,
    querystring: SERVICE_MONTH_QUERY_SCHEMA,
    response: { 200: { description: 'The episodes', ...MONTH_EPISODES_ANSWER_SCHEMA }, ...READER_ANSWERS },
  },
  csv: {
    operationId: 'downloadMonthEpisodesCsv',
    tags: ['service'],
    summary: "A month's episodes as a CSV file",
    description: `One row per episode, as listMonthEpisodes: UTF-8 with a byte-order mark, CRLF lines. ${VIEWERS}`,
    security: CONSOLE_SECURITY,
    querystring: SERVICE_MONTH_QUERY_SCHEMA,
    response: {
      200: {
        description: 'machineId, district, kind, from, to, end, minutes, verdict',
        content: { 'text/csv; charset=utf-8': { schema: { type: 'string' } } },
      },
      ...READER_ANSWERS,
    },
  },
  month: {
    operationId: 'getMonthFigures',
    tags: ['service'],
    summary: "A month's service figures",
    description: `Full episodes, the share emptied within the promise, median and 95th percentile time to empty, hours full, the ten machines that broke it most, the share per day. ${VIEWERS}`,
    security: CONSOLE_SECURITY,
    querystring: SERVICE_MONTH_QUERY_SCHEMA,
    response: { 200: { description: 'The figures', ...MONTH_FIGURES_ANSWER_SCHEMA }, ...READER_ANSWERS },
  },
  promise: {
    operationId: 'getServicePromise',
    tags: ['service'],
    summary: "The promise's length",
    description: 'Minutes within which a full machine is to be emptied. Viewer and above.',
    security: CONSOLE_SECURITY,
    response: { 200: { description: 'The promise', ...PROMISE_ANSWER_SCHEMA }, ...READER_ERRORS },
  },
  setPromise: {
    operationId: 'setServicePromise',
    tags: ['service'],
    summary: "Sets the promise's length",
    description: 'Admins; recorded in the audit (servicePromiseChanged).',
    security: CONSOLE_SECURITY,
    body: PROMISE_BODY_SCHEMA,
    response: { 200: { description: 'The promise', ...PROMISE_ANSWER_SCHEMA }, ...BAD_BODY, ...ADMIN_ERRORS },
  },
} as const;

/** The districts a request reads: the one asked for, when the caller reaches it, else every one of the caller's. */
function districtsOf(request: FastifyRequest, district: District | undefined): readonly District[] {
  const caller = request.caller!;
  if (district === undefined) return caller.districts;
  if (!reachesDistrict(caller, district)) throw new ApiError(403, 'forbidden');
  return [district];
}

/** The service levels (docs/operators-service.md): open episodes, a month's episodes and figures, the promise. */
export function serviceRoutes({ engine, clock }: { engine: Engine; clock: Clock }) {
  const store = engine.service;
  /** What a month's operations read first: the month, the districts the caller may see, the promise and now. */
  const monthAsked = async (request: FastifyRequest<{ Querystring: ServiceMonthQuery }>) => {
    const { month, district } = request.query;
    const promiseMinutes = await store.promiseMinutes();
    return { month, district, districts: districtsOf(request, district), promiseMinutes, now: clock().getTime() };
  };
  return {
    open: route<{ Querystring: ServiceDistrictQuery }>({
      schema: SERVICE_SCHEMAS.open,
      handler: async (request) => {
        const now = clock();
        const promiseMinutes = await store.promiseMinutes();
        const districts = districtsOf(request, request.query.district);
        const episodes = await openEpisodes(store, districts, promiseMinutes, now.getTime());
        return { success: true, promiseMinutes, at: now.toISOString(), episodes };
      },
    }),

    episodes: route<{ Querystring: ServiceMonthQuery }>({
      schema: SERVICE_SCHEMAS.episodes,
      handler: async (request) => {
        const { month, districts, promiseMinutes, now } = await monthAsked(request);
        const episodes = await monthEpisodes(store, month, districts, promiseMinutes, now);
        return { success: true, month, promiseMinutes, episodes };
      },
    }),

    csv: route<{ Querystring: ServiceMonthQuery }>({
      schema: SERVICE_SCHEMAS.csv,
      handler: async (request, reply) => {
        const { month, district, districts, promiseMinutes, now } = await monthAsked(request);
        const episodes = await monthEpisodes(store, month, districts, promiseMinutes, now);
        const name = `rvm-service-${month}${district ? `-${district.replaceAll(/[^A-Z]+/g, '-')}` : ''}.csv`;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(Readable.from([episodeCsv(episodes)]));
      },
    }),

    month: route<{ Querystring: ServiceMonthQuery }>({
      schema: SERVICE_SCHEMAS.month,
      handler: async (request) => {
        const { month, districts, promiseMinutes, now } = await monthAsked(request);
        const figures = await monthReport(store, month, districts, promiseMinutes, now);
        return { success: true, figures };
      },
    }),

    promise: route({
      schema: SERVICE_SCHEMAS.promise,
      handler: async () => ({ success: true, minutes: await store.promiseMinutes() }),
    }),

    setPromise: route<{ Body: FromSchema<typeof PROMISE_BODY_SCHEMA> }>({
      schema: SERVICE_SCHEMAS.setPromise,
      handler: async (request) => {
        const before = await store.promiseMinutes();
        const { minutes } = request.body;
        if (minutes !== before) {
          const actor = actorOf(request);
          await store.setPromiseMinutes(minutes, {
            at: clock().toISOString(),
            actor: actor.name,
            actorKind: actor.kind,
            address: actor.address,
            action: 'servicePromiseChanged',
            subject: String(minutes),
            detail: { minutes: { from: before, to: minutes } },
          });
          request.log.info({ minutes, by: request.caller?.name }, 'service promise changed');
        }
        return { success: true, minutes };
      },
    }),
  };
}
