import type { Alert, AlertEvent } from './alert';

/**
 * The JSON a webhook receives for one event. Made once, when the event is queued: every retry sends the same bytes
 * (and so the same signature). `id` is the delivery id, also in the X-RVM-Delivery header.
 */
export function eventBody(deliveryId: string, event: AlertEvent, alert: Alert): string {
  return JSON.stringify({
    id: deliveryId,
    event,
    at: event === 'alert.opened' ? alert.openedAt : alert.closedAt,
    alert: {
      id: alert.id,
      ruleId: alert.ruleId,
      kind: alert.kind,
      minutes: alert.minutes,
      machineId: alert.machineId,
      district: alert.district,
      since: alert.since,
      openedAt: alert.openedAt,
      closedAt: event === 'alert.opened' ? null : alert.closedAt,
    },
  });
}
