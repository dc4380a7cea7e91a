import type { FromSchema } from 'json-schema-to-ts';
import { ALERT_EVENTS } from './alert';
import { answerOf, listOf, MAYBE_TIME, TIME } from './wireParts';

export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * One event for one webhook, as its delivery log (`GET /api/operator/webhooks/:id/deliveries`) shows it. Its id is
 * the delivery id the receiver sees.
 */
export const DELIVERY_SCHEMA = {
  type: 'object',
  required: [
    'id',
    'webhookId',
    'alertId',
    'event',
    'state',
    'attempts',
    'nextAttemptAt',
    'lastStatus',
    'lastError',
    'createdAt',
    'deliveredAt',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'string', description: 'The delivery id, as the X-RVM-Delivery header sent it' },
    webhookId: { type: 'integer' },
    alertId: { type: 'integer' },
    event: { type: 'string', enum: ALERT_EVENTS },
    state: { type: 'string', enum: DELIVERY_STATES },
    attempts: { type: 'integer' },
    nextAttemptAt: MAYBE_TIME,
    lastStatus: { type: ['integer', 'null'], description: "The receiver's last HTTP status" },
    lastError: { type: ['string', 'null'] },
    createdAt: TIME,
    deliveredAt: MAYBE_TIME,
  },
} as const;

export type Delivery = FromSchema<typeof DELIVERY_SCHEMA>;

/** `{ success: true, deliveries }`. */
export const DELIVERIES_ANSWER_SCHEMA = answerOf('deliveries', listOf(DELIVERY_SCHEMA));
