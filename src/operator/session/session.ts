import { ROLES, type Role } from '../../../shared/access';
import { SESSION_ANSWER_SCHEMA, type Session } from '../../../shared/contract/session';
import { checkWire } from '../../../shared/contract/wire';

export { ROLES, type Role, type Session };

/**
 * The `session` of an answer (`POST /api/auth/session`, docs/operators.md#signing-in-and-sessions), or null when it
 * is missing or does not meet its contract: then the console treats the person as signed out.
 */
export function parseSession(answer: unknown): Session | null {
  const checked = checkWire(SESSION_ANSWER_SCHEMA, answer);
  return checked.ok ? checked.value.session : null;
}

/** Whether this person may change machines at all (the server checks the districts of each). */
export const mayEdit = (session: Session | null): boolean =>
  session !== null && (session.role === 'admin' || session.role === 'operator');

/** Whether a machine of `district` is within this person's districts. */
export const withinDistricts = (session: Session, district: string | null): boolean =>
  session.districts.length === 0 || (district !== null && (session.districts as string[]).includes(district));
