import { ROLES } from '../access';
import { DISTRICTS, type District } from './machine';

/** What a person or an API token may reach: their role and their districts, as the people and token routes say. */

export const ROLE_SCHEMA = {
  type: 'string',
  enum: ROLES,
  description: 'admin: everything; operator: changes machines, stores photos; viewer: reads the console',
} as const;

export const DISTRICT_LIST_SCHEMA = {
  type: 'array',
  uniqueItems: true,
  maxItems: DISTRICTS.length,
  items: { type: 'string', enum: DISTRICTS as readonly District[] },
  description: 'The districts reached; empty = every district (always empty for an admin)',
} as const;
