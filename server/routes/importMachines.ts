import type {} from '@fastify/rate-limit';
import { PassThrough } from 'node:stream';
import type { FromSchema } from 'json-schema-to-ts';
import type { Engine } from '../db/engine';
import { ApiError } from '../errors';
import { encodedBody, sendEncodedBody } from '../http/encodedBody';
import { IMPORT_FILE_MAX_BYTES, receiveImportFile, type ReceivedFile } from '../http/importUpload';
import { planImport, type ImportPlan } from '../importing/importPlan';
import { writeImportRows } from '../importing/importRows';
import { IMPORT_BUSY_RETRY_AFTER_S, ImportSlots } from '../importing/importSlots';
import type { MachineBus } from '../live/bus';
import type { ProgressReport } from '../progress';
import { actorOf } from '../security/access';
import { consoleErrorAnswer, CONSOLE_SECURITY } from './authSchemas';
import { APPLY_ANSWER, APPLY_QUERY, IMPORT_ERRORS, IMPORT_FORM, PREVIEW_ANSWER } from './importSchemas';
import { route } from './route';

const ONE_MINUTE_MS = 60 * 1000;
/** A preview of a large file takes seconds of the server's time: a person needs a few a minute. */
export const IMPORT_RATE_LIMIT_PER_MINUTE = 20;

const WHO =
  'An operator or an admin; a person limited to districts has each row of another district refused (its machine ' +
  `now or after the row). At most ${IMPORT_RATE_LIMIT_PER_MINUTE} a minute per client; while the server reads as ` +
  'many imports as it takes at once, 503 importBusy with Retry-After, before the file is read.';

export const IMPORT_SCHEMAS = {
  preview: {
    operationId: 'previewImport',
    tags: ['operator'],
    summary: 'What importing a CSV or JSON file would do, before anything is written',
    description:
      "The file is read and every row checked with the import command's rules (`npm run import`, the machine " +
      'contract), then each good row is compared with the machine it would replace: the machines it adds, those it ' +
      'changes (field by field), those it leaves as they are, those it deactivates, and each refused row with its ' +
      `problems and the command's own lines. Nothing is written. ${WHO}`,
    security: CONSOLE_SECURITY,
    body: IMPORT_FORM,
    response: { 200: PREVIEW_ANSWER, ...IMPORT_ERRORS },
  },
  apply: {
    operationId: 'applyImport',
    tags: ['operator'],
    summary: 'Imports a CSV or JSON file as its preview showed',
    description:
      "The same file again, with its preview's `key`. It is checked again; if the outcome differs from the " +
      "preview's (the machines changed meanwhile), 409 importOutdated and nothing is written. Otherwise the rows " +
      'that add or change a machine are written in one transaction, as the import command writes: history, the ' +
      'import audit naming the person or the token, and an import event on /api/events. Refused rows are left out; ' +
      `unchanged ones are not written. The answer streams the progress, then the outcome. ${WHO}`,
    security: CONSOLE_SECURITY,
    querystring: APPLY_QUERY,
    body: IMPORT_FORM,
    response: {
      200: APPLY_ANSWER,
      ...IMPORT_ERRORS,
      409: consoleErrorAnswer("importOutdated: the outcome is no longer the preview's: preview the file again"),
    },
  },
} as const;

/** The plan as the preview answers it: everything but the rows to write. */
const previewOf = (plan: ImportPlan, file: string) => ({
  file,
  rows: plan.rows,
  counts: {
    added: plan.added.length,
    changed: plan.changed.length,
    unchanged: plan.unchanged.length,
    deactivated: plan.deactivated.length,
    rejected: plan.rejected.length,
  },
  added: plan.added,
  changed: plan.changed,
  unchanged: plan.unchanged,
  deactivated: plan.deactivated,
  rejected: plan.rejected,
  warnings: plan.warnings,
  key: plan.key,
});

/** `POST /api/operator/import/preview` and `POST /api/operator/import`: a data set imported from the console. */
export function importRoutes({
  engine,
  bus,
  importMaxBytes: maxBytes = IMPORT_FILE_MAX_BYTES,
  importSlots: slots = new ImportSlots(),
}: {
  engine: Engine;
  bus: MachineBus;
  /** The largest file taken (IMPORT_FILE_MAX_BYTES); tests send a larger one cheaply. */
  importMaxBytes?: number;
  /** The imports read at once; tests watch them fill. */
  importSlots?: ImportSlots;
}) {
  /** A slot for one import, taken before its file is read: a refused upload is never stored or parsed. */
  const slot = (): (() => void) => {
    const release = slots.take();
    if (!release) throw new ApiError(503, 'importBusy', { retryAfterSeconds: IMPORT_BUSY_RETRY_AFTER_S });
    return release;
  };
  const withSlot = async <T>(work: () => Promise<T>): Promise<T> => {
    const release = slot();
    try {
      return await work();
    } finally {
      release();
    }
  };
  const common = {
    validatorCompiler: () => () => true,
    config: { rateLimit: { max: IMPORT_RATE_LIMIT_PER_MINUTE, timeWindow: ONE_MINUTE_MS } },
  };

  return {
    preview: route({
      schema: IMPORT_SCHEMAS.preview,
      ...common,
      handler: async (request, reply) => {
        // The slot is free again before the answer leaves: an apply sent the moment the preview shows finds it free.
        const body = await withSlot(async () => {
          const received = await receiveImportFile(request, maxBytes);
          try {
            const planned = await planImport(received.path, engine, request.caller!, { keepRows: false });
            if (!planned.ok) throw new ApiError(400, 'importUnreadable', { reasons: planned.errors });
            return JSON.stringify({ success: true, preview: previewOf(planned.plan, received.name) });
          } finally {
            await received.discard();
          }
        });
        return sendEncodedBody(request, reply, encodedBody(body, 'application/json; charset=utf-8'));
      },
    }),

    apply: route<{ Querystring: FromSchema<typeof APPLY_QUERY> }>({
      schema: IMPORT_SCHEMAS.apply,
      ...common,
      handler: async (request, reply) => {
        const key = typeof request.query.key === 'string' ? request.query.key : '';
        const release = slot();
        let received: ReceivedFile | null = null;
        let handedOver = false;
        try {
          received = await receiveImportFile(request, maxBytes);
          const planned = await planImport(received.path, engine, request.caller!, { keepRows: true });
          if (!planned.ok) throw new ApiError(400, 'importUnreadable', { reasons: planned.errors });
          const { plan } = planned;
          if (plan.key !== key) throw new ApiError(409, 'importOutdated');
          if (plan.toWrite.length === 0) throw new ApiError(400, 'importNothingToApply');

          const out = new PassThrough();
          const send = (value: unknown) => out.write(`${JSON.stringify(value)}\n`);
          let step = { phase: '', unit: '', total: null as number | null };
          const progress: ProgressReport = {
            begin: (phase, unit, total) => {
              step = { phase, unit, total };
              send({ progress: { ...step, done: 0 } });
            },
            update: (done) => send({ progress: { ...step, done } }),
          };
          const actor = actorOf(request);
          const file = received;
          handedOver = true;
          void (async () => {
            try {
              const result = await writeImportRows(plan.toWrite, engine, {
                source: file.name,
                actor,
                maxPhotoBytes: 0,
                photosDir: null,
                progress,
              });
              if (!result.ok) {
                send({ success: false, msg: 'importUnreadable', reasons: result.errors });
                return;
              }
              const { inserted, updated, photos, warnings } = result;
              bus.publishImport({ at: new Date().toISOString(), inserted, updated });
              request.log.info({ file: file.name, inserted, updated, by: actor.name }, 'machines imported');
              send({ success: true, outcome: { inserted, updated, photos, warnings } });
            } catch (error) {
              request.log.error({ err: error }, 'an import from the console failed; nothing was written');
              send({ success: false, msg: 'systemError' });
            } finally {
              await file.discard();
              release();
              out.end();
            }
          })();
          return reply.type('application/x-ndjson; charset=utf-8').send(out);
        } finally {
          if (!handedOver) {
            await received?.discard();
            release();
          }
        }
      },
    }),
  };
}
