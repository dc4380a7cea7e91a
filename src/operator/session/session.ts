import { DISTRICTS, type District } from '../../../shared/machine';

import { ROLES, type Role } from '../../../shared/access';
import { isRecord } from '../../../shared/isRecord';

export { ROLES, type Role };

/** A signed-in person as `POST /api/auth/session` describes them (docs/operators.md#signing-in-and-sessions). */
export interface Session {
  name: string;
  role: Role;
  /** The districts this person may see and change; empty = every district. */
  districts: District[];
  mustChangePassword: boolean;
  /** Sent back as `x-csrf-token` with every call that changes something. */
  csrfToken: string;
  idleExpiresAt: string;
  absoluteExpiresAt: string;
}

/** The `session` of an answer, or null when it is missing or malformed (then the console treats the person as signed out). */
export function parseSession(answer: unknown): Session | null {
  const session = isRecord(answer) ? answer.session : undefined;
  if (!isRecord(session)) return null;
  const { name, role, districts, mustChangePassword, csrfToken, idleExpiresAt, absoluteExpiresAt } = session;
  if (typeof name !== 'string' || !(ROLES as readonly unknown[]).includes(role)) return null;
  if (!Array.isArray(districts) || typeof csrfToken !== 'string') return null;
  return {
    name,
    role: role as Role,
    districts: districts.filter((d): d is District => (DISTRICTS as readonly unknown[]).includes(d)),
    mustChangePassword: mustChangePassword === true,
    csrfToken,
    idleExpiresAt: typeof idleExpiresAt === 'string' ? idleExpiresAt : '',
    absoluteExpiresAt: typeof absoluteExpiresAt === 'string' ? absoluteExpiresAt : '',
  };
}

/** Whether this person may change machines at all (the server checks the districts of each). */
export const mayEdit = (session: Session | null): boolean =>
  session !== null && (session.role === 'admin' || session.role === 'operator');

/** Whether a machine of `district` is within this person's districts. */
export const withinDistricts = (session: Session, district: string | null): boolean =>
  session.districts.length === 0 || (district !== null && (session.districts as string[]).includes(district));
