import type { District } from '../../shared/contract/machine';
import type { Role } from './account';

/** What a caller may do; each route asks for one. */
export type Permission =
  /** The console's reads: the machines with their operator fields, the audit. */
  | 'readConsole'
  /** A machine's state and fields, its photo. */
  | 'changeMachines'
  /** Storing a photo (not yet attached to a machine). */
  | 'uploadPhotos'
  /** The server's metrics. */
  | 'readMetrics'
  /** Alert rules and webhooks, and the webhooks' delivery log. */
  | 'manageAlerts'
  /** People and API tokens (and only by a person signed in: Access's `peopleOnly`). */
  | 'managePeople'
  /** Confirming or rejecting a feed sync held back as a mass deactivation (decision 0038). */
  | 'decideFeedHolds';

const GRANTS: Record<Role, readonly Permission[]> = {
  admin: [
    'readConsole',
    'changeMachines',
    'uploadPhotos',
    'readMetrics',
    'manageAlerts',
    'managePeople',
    'decideFeedHolds',
  ],
  operator: ['readConsole', 'changeMachines', 'uploadPhotos'],
  viewer: ['readConsole'],
};

export const roleAllows = (role: Role, permission: Permission): boolean => GRANTS[role].includes(permission);

/** Who is calling, once known: a person signed in, or a token a script sends (named, or RVM_ADMIN_TOKEN). */
export interface Caller {
  kind: 'person' | 'token';
  /** The account's name; a named token's name; for RVM_ADMIN_TOKEN, the first 8 hex digits of its SHA-256. */
  name: string;
  role: Role;
  /** Empty = every district. */
  districts: readonly District[];
}

/** Whether the caller may see and change the machines of `district` (null: a district the server does not know). */
export const reachesDistrict = (caller: Pick<Caller, 'districts'>, district: string | null): boolean =>
  caller.districts.length === 0 || (district !== null && (caller.districts as readonly string[]).includes(district));
