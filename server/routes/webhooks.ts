import { randomBytes } from 'node:crypto';
import type { FromSchema } from 'json-schema-to-ts';
import { DELIVERIES_ANSWER_SCHEMA } from '../../shared/contract/delivery';
import { WEBHOOK_ANSWER_SCHEMA, WEBHOOK_INPUT_SCHEMA, WEBHOOKS_ANSWER_SCHEMA } from '../../shared/contract/webhook';
import type { Clock } from '../accounts/clock';
import type { Webhook } from '../db/alertStore';
import { shownFeedUrl } from '../feed/shownFeedUrl';
import type { Engine } from '../db/engine';
import { ApiError } from '../errors';
import { ReceiverRefusedError, type ReceiverGuard } from '../alerting/receiverGuard';
import { ADMIN_ERRORS, BAD_WEBHOOK, ID_PARAMS, NOT_FOUND } from './alertSchemas';
import { CONSOLE_SECURITY } from './authSchemas';
import { changeRecorder, fieldChanges } from './accessChange';
import { route } from './route';

const DELIVERIES_LIMIT = 200;
/** A secret the server makes: 32 random bytes, as 64 hex digits. */
const SECRET_BYTES = 32;

/** Nothing required and no defaults: a field left out of a change is left as it is, not reset to its default. */
const { default: _description, ...PATCHED_DESCRIPTION } = WEBHOOK_INPUT_SCHEMA.properties.description;
const { default: _enabled, ...PATCHED_ENABLED } = WEBHOOK_INPUT_SCHEMA.properties.enabled;
const WEBHOOK_PATCH_BODY = {
  ...WEBHOOK_INPUT_SCHEMA,
  required: [],
  properties: {
    ...WEBHOOK_INPUT_SCHEMA.properties,
    description: PATCHED_DESCRIPTION,
    enabled: PATCHED_ENABLED,
    rotateSecret: { type: 'boolean', description: 'Makes a new secret, answered this once' },
  },
} as const;

const WEBHOOK_ANSWER = { description: 'The webhook', ...WEBHOOK_ANSWER_SCHEMA } as const;
const ADMINS_ONLY = 'Admins (and the operator token) only.';

export const WEBHOOK_SCHEMAS = {
  list: {
    operationId: 'listWebhooks',
    tags: ['alerts'],
    summary: 'The webhooks alert events are sent to',
    description: `Every webhook, without its secret. ${ADMINS_ONLY}`,
    security: CONSOLE_SECURITY,
    response: {
      200: { description: 'The webhooks', ...WEBHOOKS_ANSWER_SCHEMA },
      ...ADMIN_ERRORS,
    },
  },
  create: {
    operationId: 'createWebhook',
    tags: ['alerts'],
    summary: 'Registers a webhook',
    description:
      'Each alert opened or closed from now on is POSTed to `url` as JSON, signed with HMAC-SHA256 of the body under ' +
      'the secret (X-RVM-Signature: sha256=<hex>), with X-RVM-Delivery (the same on every retry) and X-RVM-Event. ' +
      `Without \`secret\` the server makes one and answers it this once. ${ADMINS_ONLY}`,
    security: CONSOLE_SECURITY,
    body: WEBHOOK_INPUT_SCHEMA,
    response: { 200: WEBHOOK_ANSWER, ...BAD_WEBHOOK, ...ADMIN_ERRORS },
  },
  update: {
    operationId: 'updateWebhook',
    tags: ['alerts'],
    summary: 'Changes a webhook',
    description: `Only the fields given change; \`rotateSecret\` makes a new secret, answered this once. ${ADMINS_ONLY}`,
    security: CONSOLE_SECURITY,
    params: ID_PARAMS,
    body: WEBHOOK_PATCH_BODY,
    response: { 200: WEBHOOK_ANSWER, ...BAD_WEBHOOK, ...NOT_FOUND, ...ADMIN_ERRORS },
  },
  delete: {
    operationId: 'deleteWebhook',
    tags: ['alerts'],
    summary: 'Deletes a webhook',
    description: `Its deliveries not yet made are dropped, and its log with them. ${ADMINS_ONLY}`,
    security: CONSOLE_SECURITY,
    params: ID_PARAMS,
    response: {
      200: {
        description: 'Done',
        type: 'object',
        required: ['success'],
        properties: { success: { type: 'boolean', const: true } },
      },
      ...NOT_FOUND,
      ...ADMIN_ERRORS,
    },
  },
  deliveries: {
    operationId: 'listWebhookDeliveries',
    tags: ['alerts'],
    summary: "A webhook's delivery log",
    description:
      `Its last ${DELIVERIES_LIMIT} deliveries, newest first: state (pending, delivered, failed), attempts, the ` +
      `receiver's last status and error, when the next attempt is due. ${ADMINS_ONLY}`,
    security: CONSOLE_SECURITY,
    params: ID_PARAMS,
    response: {
      200: { description: 'The deliveries', ...DELIVERIES_ANSWER_SCHEMA },
      ...NOT_FOUND,
      ...ADMIN_ERRORS,
    },
  },
} as const;

type IdParams = FromSchema<typeof ID_PARAMS>;

/** An http(s) URL without credentials in it, or a 400 saying why not. */
function parsedUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError(400, 'badRequest', { problem: 'url is not a URL' });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ApiError(400, 'badRequest', { problem: 'url must be http:// or https://' });
  }
  if (url.username || url.password) {
    throw new ApiError(400, 'badRequest', {
      problem: 'url must not hold a name or password: the signature is the proof',
    });
  }
  return url.toString();
}

/**
 * `parsedUrl`, whose host resolves, and only to public addresses or networks the deployment allows (decision 0060);
 * each delivery checks again, as DNS can change.
 */
async function checkedUrl(raw: string, receivers: ReceiverGuard): Promise<string> {
  const url = parsedUrl(raw);
  try {
    await receivers.addresses(new URL(url).hostname);
  } catch (error) {
    if (error instanceof ReceiverRefusedError) {
      throw new ApiError(400, 'webhookAddressRefused', { address: error.address, kind: error.kind });
    }
    throw new ApiError(400, 'webhookHostUnknown', { problem: error instanceof Error ? error.message : String(error) });
  }
  return url;
}

const newSecret = (): string => randomBytes(SECRET_BYTES).toString('hex');

/** The admins' webhooks and their delivery log. */
export function webhookRoutes({
  engine,
  clock,
  receivers,
}: {
  engine: Engine;
  clock: Clock;
  receivers: ReceiverGuard;
}) {
  const audit = changeRecorder(engine.accessAudit, clock);
  const find = async (id: string) => {
    const webhook = (await engine.alerts.listWebhooks()).find((candidate) => candidate.id === Number(id));
    if (!webhook) throw new ApiError(404, 'notFound');
    return webhook;
  };

  return {
    list: route({
      schema: WEBHOOK_SCHEMAS.list,
      handler: async () => ({ success: true, webhooks: await engine.alerts.listWebhooks() }),
    }),

    create: route<{ Body: FromSchema<typeof WEBHOOK_INPUT_SCHEMA> }>({
      schema: WEBHOOK_SCHEMAS.create,
      handler: async (request) => {
        const { url, description = '', enabled = true, secret } = request.body;
        const made = secret === undefined ? newSecret() : null;
        const input = { url: await checkedUrl(url, receivers), description, enabled };
        const webhook = await engine.alerts.addWebhook(input, secret ?? made!, clock().toISOString());
        await audit(request, 'webhookAdded', String(webhook.id), {
          ...webhookFields(webhook),
          secret: made ? 'made' : 'given',
        });
        request.log.info({ webhook, by: request.caller?.name }, 'webhook registered');
        return { success: true, webhook, ...(made ? { secret: made } : {}) };
      },
    }),

    update: route<{ Params: IdParams; Body: FromSchema<typeof WEBHOOK_PATCH_BODY> }>({
      schema: WEBHOOK_SCHEMAS.update,
      handler: async (request) => {
        const before = await find(request.params.id);
        const { url, description, enabled, secret, rotateSecret } = request.body;
        if (secret !== undefined && rotateSecret) {
          throw new ApiError(400, 'badRequest', { problem: 'give a secret or ask for a new one, not both' });
        }
        const made = rotateSecret ? newSecret() : null;
        const input = {
          url: url === undefined ? before.url : await checkedUrl(url, receivers),
          description: description ?? before.description,
          enabled: enabled ?? before.enabled,
        };
        const webhook = await engine.alerts.updateWebhook(before.id, input, made ?? secret ?? null);
        if (!webhook) throw new ApiError(404, 'notFound');
        const changed = fieldChanges(webhookFields(before), webhookFields(webhook));
        if (Object.keys(changed).length > 0) await audit(request, 'webhookChanged', String(webhook.id), changed);
        if (made !== null || secret !== undefined) {
          await audit(request, 'webhookSecretChanged', String(webhook.id), {
            url: shownFeedUrl(webhook.url),
            secret: made ? 'made' : 'given',
          });
        }
        request.log.info(
          { webhook, by: request.caller?.name, newSecret: made !== null || secret !== undefined },
          'webhook changed',
        );
        return { success: true, webhook, ...(made ? { secret: made } : {}) };
      },
    }),

    remove: route<{ Params: IdParams }>({
      schema: WEBHOOK_SCHEMAS.delete,
      handler: async (request) => {
        const before = await find(request.params.id);
        if (!(await engine.alerts.deleteWebhook(before.id))) throw new ApiError(404, 'notFound');
        await audit(request, 'webhookDeleted', String(before.id), webhookFields(before));
        request.log.info({ webhook: Number(request.params.id), by: request.caller?.name }, 'webhook deleted');
        return { success: true };
      },
    }),

    deliveries: route<{ Params: IdParams }>({
      schema: WEBHOOK_SCHEMAS.deliveries,
      handler: async (request) => {
        const webhook = await find(request.params.id);
        return { success: true, deliveries: await engine.alerts.deliveries(webhook.id, DELIVERIES_LIMIT) };
      },
    }),
  };
}

/** What the audit keeps of a webhook: never its secret, nor the values of its query (a key is often one). */
const webhookFields = ({ url, description, enabled }: Webhook): Record<string, unknown> => ({
  url: shownFeedUrl(url),
  description,
  enabled,
});
