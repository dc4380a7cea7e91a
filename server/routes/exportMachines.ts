import type { Clock } from '../accounts/clock';
import type { Engine } from '../db/engine';
import { encodedBody, sendEncodedBody } from '../http/encodedBody';
import { machinesCsv } from '../machines/machineCsv';
import { SERVER_ERRORS } from './apiSchemas';
import { consoleErrorAnswer, CONSOLE_SECURITY } from './authSchemas';
import { route } from './route';

export const EXPORT_MACHINES_SCHEMA = {
  operationId: 'exportMachines',
  tags: ['operator'],
  summary: 'The machines as a CSV file the import reads back',
  description:
    "Every machine the caller may see (its districts), deactivated ones included, sorted by id, in the import's own " +
    'columns (lat and lng for the coordinates, an empty photo: a row without one keeps the photo), then a column for ' +
    'each field an import or the feed kept. Importing the file unchanged changes nothing. UTF-8 with a byte-order ' +
    "mark, CRLF lines; a cell that would run as a formula starts with ', which the import reads without. Viewer and " +
    'above.',
  security: CONSOLE_SECURITY,
  response: {
    200: {
      description: "The machines in the import's columns",
      content: { 'text/csv; charset=utf-8': { schema: { type: 'string' } } },
    },
    401: consoleErrorAnswer('unauthorized: no session, or it has ended, and no operator token'),
    403: consoleErrorAnswer('passwordChangeRequired: the account must choose a new password first'),
    ...SERVER_ERRORS,
  },
} as const;

/** `GET /api/operator/machines.csv`: the machines the caller may see, as a file to edit and import again. */
export function exportMachinesRoutes({ engine, clock }: { engine: Engine; clock: Clock }) {
  return {
    csv: route({
      schema: EXPORT_MACHINES_SCHEMA,
      handler: async (request, reply) => {
        const machines = await engine.listMachines(request.caller!.districts);
        const day = clock().toISOString().slice(0, 10);
        reply.header('content-disposition', `attachment; filename="rvm-machines-${day}.csv"`);
        const parts = [...machinesCsv(machines)].map((line) => Buffer.from(line, 'utf8'));
        return sendEncodedBody(request, reply, encodedBody(parts, 'text/csv; charset=utf-8'));
      },
    }),
  };
}
