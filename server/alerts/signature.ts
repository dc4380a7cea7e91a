import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header carrying the body's signature, as `sha256=<hex>`. */
export const SIGNATURE_HEADER = 'x-rvm-signature';
/** The header naming the delivery: the same on every retry, so a receiver can drop one it has seen. */
export const DELIVERY_HEADER = 'x-rvm-delivery';
/** The header naming the event (`alert.opened`, `alert.closed`). */
export const EVENT_HEADER = 'x-rvm-event';

/** `sha256=` and the HMAC-SHA256 of the raw body under the webhook's secret, in lowercase hex. */
export const signBody = (secret: string, body: string | Buffer): string =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** Whether `header` is the signature of `body` under `secret`, compared in constant time. */
export function signatureMatches(secret: string, body: string | Buffer, header: string | undefined): boolean {
  if (header === undefined) return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
