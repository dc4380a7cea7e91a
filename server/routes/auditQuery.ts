import type { FastifyRequest } from 'fastify';
import type { AuditEntry as AuditEntryAnswer } from '../../shared/contract/auditEntry';
import { reachesDistrict, roleAllows } from '../accounts/access';
import { AUDIT_KINDS, type AuditEntry, type AuditKind, type AuditPosition, type AuditQuery } from '../db/audit';
import type { Engine } from '../db/engine';
import { ApiError } from '../errors';
import { MACHINE_ID_SCHEMA } from './apiSchemas';

/** What the audit's two routes take: the filters, where the page starts, how many. */
export const AUDIT_QUERY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    person: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      description: "An account's name, or the token's fingerprint",
    },
    machine: MACHINE_ID_SCHEMA,
    before: {
      type: 'string',
      minLength: 1,
      maxLength: 256,
      description: 'The `next` of the page before: older entries',
    },
    // A query string is text: the number is read from it (the schemas coerce nothing, http/schemaValidation.ts).
    limit: {
      type: 'string',
      pattern: '^[1-9][0-9]{0,3}$',
      description: 'Entries on a page, 1 to 1000 (100 unless given)',
    },
  },
} as const;

export interface AuditQueryString {
  person?: string;
  machine?: string;
  before?: string;
  limit?: string;
}

export const AUDIT_PAGE_MAX = 1000;

/** The `limit` asked for, or `fallback`; over the maximum is a 400. */
export function auditLimit(request: FastifyRequest<{ Querystring: AuditQueryString }>, fallback: number): number {
  const raw = request.query.limit;
  if (raw === undefined) return fallback;
  const limit = Number(raw);
  if (limit > AUDIT_PAGE_MAX) throw new ApiError(400, 'badRequest');
  return limit;
}

/** Where the next page starts, as the client hands it back: opaque, not a time it should read. */
export const encodeAuditCursor = ({ at, kind, row }: AuditPosition): string =>
  Buffer.from(JSON.stringify([at, kind, row])).toString('base64url');

export function decodeAuditCursor(text: string): AuditPosition | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [at, kind, row] = value as unknown[];
    if (typeof at !== 'string' || !AUDIT_KINDS.includes(kind as AuditKind) || !Number.isSafeInteger(row)) return null;
    return { at, kind: kind as AuditKind, row: row as number };
  } catch {
    return null;
  }
}

/**
 * The engine's query for the caller a guard let through: a person limited to districts sees the updates of their
 * machines only, and the decisions on holds that concern one of them (no import, which touches every district); asking
 * for a machine outside them is 403, as changing it would be. Only an admin signed in sees the changes outside the
 * machines. A cursor that is not one of ours is 400.
 */
export async function auditQueryFor(
  request: FastifyRequest<{ Querystring: AuditQueryString }>,
  engine: Engine,
  limit: number,
): Promise<AuditQuery> {
  const caller = request.caller!;
  const { person, machine, before } = request.query;
  const after = before === undefined ? undefined : decodeAuditCursor(before);
  if (after === null) throw new ApiError(400, 'badRequest');
  if (machine !== undefined && caller.districts.length > 0) {
    const found = await engine.getMachine(machine);
    if (found && !reachesDistrict(caller, found.district)) throw new ApiError(403, 'forbidden');
  }
  // Changes to people, tokens and the alerts' settings are for the admins who manage them, signed in (as the people
  // routes are: decision 0053), not for a token.
  const access = caller.kind === 'person' && roleAllows(caller.role, 'managePeople');
  return { person, machine, after, limit, districts: caller.districts, access };
}

/** An entry as the API answers it. */
export const auditEntryAnswer = (entry: AuditEntry): AuditEntryAnswer => ({
  id: `${entry.position.kind}-${entry.position.row}`,
  at: entry.position.at,
  actor: entry.actor,
  actorKind: entry.actorKind,
  address: entry.address,
  machineId: entry.machineId,
  kind: entry.position.kind,
  before: entry.before,
  after: entry.after,
});
