import type { FromSchema } from 'json-schema-to-ts';
import { reachesDistrict } from '../accounts/access';
import type { Engine } from '../db/engine';
import { ApiError } from '../errors';
import { errorAnswer, ref, SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, CONSOLE_SECURITY } from './authSchemas';
import { route } from './route';

/** Its other methods are refused with PATCH's, in operator.ts. */

const PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: 'The machine' } },
} as const;

export const OPERATOR_MACHINE_SCHEMA = {
  operationId: 'getOperatorMachine',
  tags: ['operator'],
  summary: 'One machine, for the console',
  description:
    'The machine with its operator fields, deactivated or not. A machine outside the districts of the account is ' +
    'refused (403), so that the console can say so rather than "no such machine". Viewer and above.',
  security: CONSOLE_SECURITY,
  params: PARAMS,
  response: {
    200: {
      description: 'The machine',
      type: 'object',
      required: ['success', 'rvm'],
      properties: { success: { type: 'boolean', const: true }, rvm: ref('Machine') },
    },
    401: consoleErrorAnswer('unauthorized: no session, or it has ended, and no operator token'),
    403: consoleErrorAnswer('forbidden: a machine outside the districts of the account; passwordChangeRequired'),
    404: errorAnswer('notFound: no such machine'),
    ...SERVER_ERRORS,
  },
} as const;

export function operatorMachineRoutes({ engine }: { engine: Engine }) {
  return {
    machine: route<{ Params: FromSchema<typeof PARAMS> }>({
      schema: OPERATOR_MACHINE_SCHEMA,
      handler: async (request) => {
        const machine = await engine.getMachine(request.params.id);
        if (!machine) throw new ApiError(404, 'notFound');
        if (!reachesDistrict(request.caller!, machine.district)) throw new ApiError(403, 'forbidden');
        return { success: true, rvm: machine };
      },
    }),
  };
}
