import type { FromSchema } from 'json-schema-to-ts';
import { answerOf, listOf, SUCCESS, TIME } from './wireParts';

/** A receiver of alert events, as `GET /api/operator/webhooks` answers it: never its secret. */
export const WEBHOOK_SCHEMA = {
  type: 'object',
  required: ['id', 'url', 'description', 'enabled', 'createdAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    url: { type: 'string' },
    description: { type: 'string' },
    enabled: { type: 'boolean' },
    createdAt: TIME,
  },
} as const;

export type Webhook = FromSchema<typeof WEBHOOK_SCHEMA>;

/** A webhook as an admin registers it (`POST /api/operator/webhooks`). */
export const WEBHOOK_INPUT_SCHEMA = {
  type: 'object',
  required: ['url'],
  additionalProperties: false,
  properties: {
    url: {
      type: 'string',
      minLength: 8,
      maxLength: 2000,
      description:
        'http:// or https://, receives JSON POSTs; its host must resolve to public addresses only, unless the ' +
        'deployment allows the network (RVM_WEBHOOK_ALLOW_NETWORKS)',
    },
    description: { type: 'string', maxLength: 200, default: '' },
    enabled: { type: 'boolean', default: true },
    secret: {
      type: 'string',
      minLength: 16,
      maxLength: 200,
      description: 'The HMAC key; when absent on creation the server makes one (answered this once)',
    },
  },
} as const;

export type WebhookInput = FromSchema<typeof WEBHOOK_INPUT_SCHEMA>;

/** `{ success: true, webhooks }`. */
export const WEBHOOKS_ANSWER_SCHEMA = answerOf('webhooks', listOf(WEBHOOK_SCHEMA));

/** The webhook added or changed, and its secret when the server made one. */
export const WEBHOOK_ANSWER_SCHEMA = {
  type: 'object',
  required: ['success', 'webhook'],
  properties: {
    success: SUCCESS,
    webhook: WEBHOOK_SCHEMA,
    secret: {
      type: 'string',
      description: 'The HMAC key, answered only when the server made it (never again: keep it)',
    },
  },
} as const;
