import type {} from '@fastify/rate-limit';
import type { FromSchema } from 'json-schema-to-ts';
import type { Clock } from '../accounts/clock';
import type { Engine } from '../db/engine';
import { ApiError } from '../errors';
import { NEW_REPORT, REPORT_CHALLENGE } from '../../shared/contract/problemReport';
import { challengeSolved, makeChallenge } from '../reports/challenge';
import { challengeKey } from '../reports/challengeKey';
import { BODY_ERRORS, errorAnswer, SERVER_ERRORS } from './apiSchemas';
import { route } from './route';

const MINUTE_MS = 60 * 1000;
/**
 * Reports one address may send in REPORT_WINDOW_MS, whatever the machine: counted by the rate limiter, whose store
 * keeps a bounded number of addresses (an LRU), so a flood from many addresses costs bounded memory.
 */
export const REPORTS_PER_ADDRESS = 5;
export const REPORT_WINDOW_MS = 15 * MINUTE_MS;
/** Challenges one address may ask for a minute. */
export const CHALLENGES_PER_ADDRESS_PER_MINUTE = 20;
/** Reports kept for one machine in an hour, from every address together: counted in the database. */
export const REPORTS_PER_MACHINE_PER_HOUR = 10;

const CHALLENGE_SCHEMA = {
  operationId: 'getReportChallenge',
  tags: ['reports'],
  summary: 'A proof-of-work challenge to pay for one problem report',
  description:
    'Find `number` from 0 to `maxNumber` with SHA-256(`salt` + `number`) = `challenge` (hex), and send it with the ' +
    `challenge to \`reportProblem\` within 10 minutes. At most ${CHALLENGES_PER_ADDRESS_PER_MINUTE} a minute per address.`,
  response: {
    200: { description: 'A challenge, signed by the server', ...REPORT_CHALLENGE },
    429: errorAnswer('tooManyRequests: over the rate limit'),
    ...SERVER_ERRORS,
  },
} as const;

const REPORT_SCHEMA = {
  operationId: 'reportProblem',
  tags: ['reports'],
  summary: 'A visitor reports a problem at a machine: full although shown with room, not working, not there',
  description:
    'No account. The body carries a solved challenge from `getReportChallenge`, which pays for one report only, and ' +
    'an empty `website` (a field people do not see). The text is stored as text and never shown as HTML. At most ' +
    `${REPORTS_PER_ADDRESS} reports per address in ${REPORT_WINDOW_MS / MINUTE_MS} minutes, and ` +
    `${REPORTS_PER_MACHINE_PER_HOUR} per machine an hour from everyone. What a visitor sees does not change: the ` +
    "report goes to the machine's operators.",
  body: NEW_REPORT,
  response: {
    201: {
      description: 'The report was stored for the operators',
      type: 'object',
      required: ['success'],
      properties: { success: { type: 'boolean', const: true } },
    },
    ...BODY_ERRORS,
    400: errorAnswer(
      'badRequest: not a report, a filled honeypot, or a challenge expired, not signed here, not solved or used already',
    ),
    404: errorAnswer('notFound: no machine with that id'),
    429: errorAnswer('tooManyRequests: over the limit for this address or this machine'),
    ...SERVER_ERRORS,
  },
} as const;

export const problemReportRoutes = ({ engine, clock }: { engine: Engine; clock: Clock }) => {
  const key = challengeKey(engine);
  return {
    challenge: route({
      schema: CHALLENGE_SCHEMA,
      config: { rateLimit: { max: CHALLENGES_PER_ADDRESS_PER_MINUTE, timeWindow: MINUTE_MS } },
      handler: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return makeChallenge(await key(), clock());
      },
    }),
    report: route<{ Body: FromSchema<typeof NEW_REPORT> }>({
      schema: REPORT_SCHEMA,
      bodyLimit: 8192,
      // By address for visitors; a person signed in or a token has a budget of its own (decision 0061).
      config: { rateLimit: { max: REPORTS_PER_ADDRESS, timeWindow: REPORT_WINDOW_MS } },
      handler: async (request, reply) => {
        const { machineId, kind, text = '', website = '', challenge, number } = request.body;
        const now = clock();
        if (website !== '') {
          request.log.info({ address: request.ip }, 'problem report refused: honeypot filled');
          throw new ApiError(400, 'badRequest');
        }
        if (!challengeSolved(await key(), challenge, number, now)) throw new ApiError(400, 'badRequest');
        const machine = await engine.getMachine(machineId);
        if (machine === null) throw new ApiError(404, 'notFound');
        const hourAgo = new Date(now.getTime() - 60 * MINUTE_MS).toISOString();
        if ((await engine.reports.countSince(machineId, hourAgo)) >= REPORTS_PER_MACHINE_PER_HOUR) {
          throw new ApiError(429, 'tooManyRequests');
        }
        const stored = await engine.reports.add({
          machineId,
          district: machine.district,
          kind,
          text,
          challenge: challenge.challenge,
          createdAt: now.toISOString(),
        });
        if (stored === null) throw new ApiError(400, 'badRequest');
        request.log.info({ report: stored.id, machine: machineId, kind }, 'problem report stored');
        return reply.code(201).send({ success: true });
      },
    }),
  };
};
