import type { Engine } from '../db/engine';
import { encodedBody } from '../http/encodedBody';
import type { ListBody } from '../http/listBody';
import { sendEncodedBody } from '../http/encodedBody';
import { ref, SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, CONSOLE_SECURITY } from './authSchemas';
import { route } from './route';

export const OPERATOR_MACHINES_SCHEMA = {
  operationId: 'listOperatorMachines',
  tags: ['operator'],
  summary: 'Every machine the caller may see, for the console',
  description:
    'The machines of the districts of the account (every machine for one without districts, and for the token), ' +
    'deactivated ones included, sorted by id, as the list call sends them; Brotli- or gzip-encoded when ' +
    'Accept-Encoding allows. Viewer and above.',
  security: CONSOLE_SECURITY,
  response: {
    200: { description: 'The machines the caller may see', ...ref('MachineList') },
    401: consoleErrorAnswer('unauthorized: no session, or it has ended, and no operator token'),
    403: consoleErrorAnswer('passwordChangeRequired: the account must choose a new password first'),
    ...SERVER_ERRORS,
  },
} as const;

/**
 * `GET /api/operator/machines`. Every district: the public list's own body, written and compressed once per change
 * of the machines. Some districts: those machines, read and written for the request.
 */
export function operatorMachinesRoutes({
  engine,
  currentList,
}: {
  engine: Engine;
  currentList: () => Promise<ListBody>;
}) {
  return {
    list: route({
      schema: OPERATOR_MACHINES_SCHEMA,
      handler: async (request, reply) => {
        const { districts } = request.caller!;
        if (districts.length === 0) return sendEncodedBody(request, reply, await currentList());
        const rvms = await engine.listMachines(districts);
        return sendEncodedBody(
          request,
          reply,
          encodedBody(JSON.stringify({ success: true, rvms }), 'application/json; charset=utf-8'),
        );
      },
    }),
  };
}
