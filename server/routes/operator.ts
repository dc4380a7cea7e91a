import type {} from '@fastify/rate-limit';
import type { FromSchema } from 'json-schema-to-ts';
import { checkMachineEdit } from '../../shared/contract/machineEdit';
import { reachesDistrict } from '../accounts/access';
import type { Engine } from '../db/engine';
import { ApiError } from '../errors';
import type { MachineBus } from '../live/bus';
import { actorOf } from '../security/access';
import { errorAnswer, ref, SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, CONSOLE_SECURITY } from './authSchemas';
import { route } from './route';

const ONE_MINUTE_MS = 60 * 1000;
/** Enough for a device reporting every few seconds; throttles token guessing too. */
export const OPERATOR_RATE_LIMIT_PER_MINUTE = 300;
/** The largest valid body: nine texts of 200 characters, in Chinese 3 bytes each, and the rest, about 6 KiB. */
const BODY_LIMIT_BYTES = 16 * 1024;

const OPERATOR_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: 'The machine' } },
} as const;

/** `invalidMachine`'s list: each bad field, with the contract's problem code and what its sentence needs. */
const MACHINE_PROBLEMS = { problems: { type: 'array', items: ref('MachineProblem') } } as const;

export const OPERATOR_SCHEMA = {
  tags: ['operator'],
  operationId: 'updateMachine',
  summary: "An operator changes a machine's state, texts, hours or photo",
  description:
    'Only the fields given change; the server never stamps a time itself. A bad value changes nothing and is named ' +
    'with every other (`invalidMachine`). Audited with who (the person, or the ' +
    'token) and the client address, and sent to open event streams. An operator or an admin; a person limited to ' +
    `districts, only the machines of those. At most ${OPERATOR_RATE_LIMIT_PER_MINUTE} a minute per client.`,
  security: CONSOLE_SECURITY,
  params: OPERATOR_PARAMS,
  // Documents the fields; the route does not refuse by it (attachValidation): the contract's check names each one.
  body: ref('MachineEdit'),
  response: {
    200: {
      description: 'The machine as it is now',
      type: 'object',
      required: ['success', 'rvm'],
      properties: { success: { type: 'boolean', const: true }, rvm: ref('Machine') },
    },
    400: consoleErrorAnswer(
      'invalidMachine: `problems` names each bad field (an unknown one, a bad value, no field at all; a photo not ' +
        'uploaded is photoId); badRequest: not JSON',
      MACHINE_PROBLEMS,
    ),
    401: errorAnswer('unauthorized: no session and no operator token, or a wrong one (the body is not read)'),
    403: consoleErrorAnswer(
      'forbidden: a viewer, or a machine outside the districts of the account; csrfRejected: a session without its ' +
        'x-csrf-token, or from another site; passwordChangeRequired',
    ),
    404: errorAnswer('notFound: no such machine'),
    413: errorAnswer('payloadTooLarge: the body is over 16 KiB'),
    415: errorAnswer('unsupportedMediaType: the body is not application/json'),
    429: errorAnswer('tooManyRequests: over the rate limit (Retry-After says when to come back)'),
    ...SERVER_ERRORS,
  },
} as const;

/**
 * `PATCH /api/operator/machines/:id`: an operator (a person or a machine's own controller) changes a
 * machine's status, maintenance flag, service state, deactivation or feed timestamps (only as given:
 * the server never stamps one itself). PATCH, not the page's POST-only convention: this is not a call
 * the public page makes, and a partial update of one resource is what PATCH means.
 */
export function operatorRoutes({ engine, bus }: { engine: Engine; bus: MachineBus }) {
  return {
    change: route<{ Params: FromSchema<typeof OPERATOR_PARAMS>; Body: unknown }>({
      schema: OPERATOR_SCHEMA,
      // The body's values are checked in the handler, where every bad field is named; the schema documents them.
      attachValidation: true,
      bodyLimit: BODY_LIMIT_BYTES,
      config: { rateLimit: { max: OPERATOR_RATE_LIMIT_PER_MINUTE, timeWindow: ONE_MINUTE_MS } },
      preValidation: async (request) => {
        // Before the schema: a body in another type (text/plain is parsed as text) is a 415, not a 400.
        if (!request.headers['content-type']?.startsWith('application/json'))
          throw new ApiError(415, 'unsupportedMediaType');
        // And the machine's district before its values: a caller who may not change it learns nothing of them.
        const machine = await engine.getMachine(request.params.id);
        if (!machine) throw new ApiError(404, 'notFound');
        if (!reachesDistrict(request.caller!, machine.district)) throw new ApiError(403, 'forbidden');
      },
      handler: async (request) => {
        if (request.validationError && request.validationError.validationContext !== 'body')
          throw new ApiError(400, 'badRequest');
        const checked = checkMachineEdit(request.body);
        if (!checked.ok) throw new ApiError(400, 'invalidMachine', { problems: checked.problems });
        const change = checked.edit;
        if (change.picture && !(await engine.files.find(change.picture.id))) {
          throw new ApiError(400, 'invalidMachine', { problems: [{ field: 'picture', code: 'photoId', params: {} }] });
        }
        const result = await engine.editMachine(request.params.id, change, actorOf(request));
        if (!result) throw new ApiError(404, 'notFound');
        request.log.info({ machine: request.params.id, fields: Object.keys(change) }, 'machine changed by operator');
        if (result.changed) bus.publish(result.machine);
        return { success: true, rvm: result.machine };
      },
    }),
  };
}
