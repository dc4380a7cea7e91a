import type { FromSchema } from 'json-schema-to-ts';
import {
  EMBED_ORIGIN_BODY_SCHEMA,
  EMBED_ORIGIN_QUERY_SCHEMA,
  EMBED_ORIGINS_ANSWER_SCHEMA,
  EMBED_ORIGINS_MAX,
  type EmbedOriginsAnswer,
} from '../../shared/contract/embedOrigins';
import { readEmbedOrigin } from '../../shared/embedOrigin';
import type { Clock } from '../accounts/clock';
import type { Engine } from '../db/engine';
import { ApiError } from '../errors';
import { actorOf } from '../security/access';
import type { AllowedEmbedOrigins } from '../security/embedOrigins';
import { consoleErrorAnswer } from './authSchemas';
import { ADMINS_SIGNED_IN, PEOPLE_ERRORS, PEOPLE_SECURITY } from './peopleSchemas';
import { route } from './route';

const STEP_UP = 'Needs a fresh step-up (stepUp). Audited. Effective on every instance within seconds, no restart.';
const ANSWER = { description: 'The origins allowed now', ...EMBED_ORIGINS_ANSWER_SCHEMA } as const;
const REFUSED = consoleErrorAnswer(
  'embedOriginTaken: added already; embedOriginInFloor: RVM_EMBED_ORIGINS names it, set at deploy time; ' +
    `embedOriginsFull: ${EMBED_ORIGINS_MAX} are there already (max)`,
);

export const EMBED_ORIGINS_SCHEMAS = {
  list: {
    operationId: 'listEmbedOrigins',
    tags: ['embedding'],
    summary: 'The host origins allowed to frame the map',
    description: `RVM_EMBED_ORIGINS (the floor, read-only) and the origins added in the console. ${ADMINS_SIGNED_IN}`,
    security: PEOPLE_SECURITY,
    response: { 200: ANSWER, ...PEOPLE_ERRORS },
  },
  add: {
    operationId: 'addEmbedOrigin',
    tags: ['embedding'],
    summary: 'Allows a host origin to frame the map and message it',
    description:
      '`scheme://host[:port]`, or `scheme://*.host[:port]` for every subdomain; spaces, a trailing slash and ' +
      `capitals are dropped. While no origin is allowed, any site may frame the map: the first one makes it a list. ${STEP_UP} ${ADMINS_SIGNED_IN}`,
    security: PEOPLE_SECURITY,
    body: EMBED_ORIGIN_BODY_SCHEMA,
    response: {
      200: ANSWER,
      400: consoleErrorAnswer('embedOriginInvalid: not an origin'),
      409: REFUSED,
      ...PEOPLE_ERRORS,
    },
  },
  remove: {
    operationId: 'removeEmbedOrigin',
    tags: ['embedding'],
    summary: 'Stops a host origin added in the console from framing the map',
    description: `Pages it has framed already stay until they are reloaded. ${STEP_UP} ${ADMINS_SIGNED_IN}`,
    security: PEOPLE_SECURITY,
    querystring: EMBED_ORIGIN_QUERY_SCHEMA,
    response: {
      200: ANSWER,
      400: consoleErrorAnswer('embedOriginInvalid: not an origin'),
      404: consoleErrorAnswer('notFound: not added in the console'),
      409: REFUSED,
      ...PEOPLE_ERRORS,
    },
  },
} as const;

interface Deps {
  engine: Engine;
  embedOrigins: AllowedEmbedOrigins;
  clock: Clock;
}

/** The host origins an admin allows in the console, beside the deployment's floor (decision 0073). */
export function embedOriginRoutes({ engine, embedOrigins, clock }: Deps) {
  const store = engine.embedOrigins;
  const answer = async (): Promise<EmbedOriginsAnswer> => ({
    success: true,
    floor: [...embedOrigins.floor],
    origins: await store.list(),
  });
  const asked = (input: string): string => {
    const origin = readEmbedOrigin(input);
    if (origin === null) throw new ApiError(400, 'embedOriginInvalid');
    if (embedOrigins.floor.some((floor) => floor.toLowerCase() === origin))
      throw new ApiError(409, 'embedOriginInFloor');
    return origin;
  };
  const change = (
    request: Parameters<typeof actorOf>[0],
    action: 'embedOriginAdded' | 'embedOriginRemoved',
    origin: string,
  ) => {
    const actor = actorOf(request);
    return {
      at: clock().toISOString(),
      actor: actor.name,
      actorKind: actor.kind,
      address: actor.address,
      action,
      subject: origin,
      detail: { origin },
    };
  };

  return {
    list: route({ schema: EMBED_ORIGINS_SCHEMAS.list, handler: answer }),

    add: route<{ Body: FromSchema<typeof EMBED_ORIGIN_BODY_SCHEMA> }>({
      schema: EMBED_ORIGINS_SCHEMAS.add,
      handler: async (request) => {
        const origin = asked(request.body.origin);
        const added = change(request, 'embedOriginAdded', origin);
        const outcome = await store.add({ origin, addedAt: added.at, addedBy: added.actor }, EMBED_ORIGINS_MAX, added);
        if (outcome === 'taken') throw new ApiError(409, 'embedOriginTaken');
        if (outcome === 'full') throw new ApiError(409, 'embedOriginsFull', { max: EMBED_ORIGINS_MAX });
        embedOrigins.forget();
        request.log.info({ origin, by: added.actor }, 'embed origin added');
        return answer();
      },
    }),

    remove: route<{ Querystring: FromSchema<typeof EMBED_ORIGIN_QUERY_SCHEMA> }>({
      schema: EMBED_ORIGINS_SCHEMAS.remove,
      handler: async (request) => {
        const origin = asked(request.query.origin);
        if (!(await store.remove(origin, change(request, 'embedOriginRemoved', origin)))) {
          throw new ApiError(404, 'notFound');
        }
        embedOrigins.forget();
        request.log.info({ origin, by: request.caller?.name }, 'embed origin removed');
        return answer();
      },
    }),
  };
}
