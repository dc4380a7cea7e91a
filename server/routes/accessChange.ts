import type { FastifyRequest } from 'fastify';
import type { Clock } from '../accounts/clock';
import type { AccessAction, AccessAuditStore } from '../db/accessAudit';
import { actorOf } from '../security/access';

/** Records in the access audit a change made by the caller a route's guard let through: who, when, from where. */
export type RecordChange = (
  request: FastifyRequest,
  action: AccessAction,
  subject: string,
  detail: Record<string, unknown>,
) => Promise<void>;

export const changeRecorder =
  (audit: AccessAuditStore, clock: Clock): RecordChange =>
  (request, action, subject, detail) => {
    const actor = actorOf(request);
    return audit.record({
      at: clock().toISOString(),
      actor: actor.name,
      actorKind: actor.kind,
      address: actor.address,
      action,
      subject,
      detail,
    });
  };

/** `{ field: { from, to } }` of each field whose value differs between two records of the same thing. */
export function fieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  return Object.fromEntries(
    Object.keys(after)
      .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map((field) => [field, { from: before[field], to: after[field] }]),
  );
}
