import { STATUSES, type Status } from '../../src/machines/machine';
import { ApiError } from '../errors';

/** What an operator may change about a machine's state; at least one field. */
export interface StatusUpdate {
  status?: Status;
  under_maintenance?: boolean;
  service_status?: 0 | 1;
}

const VALID: Record<keyof StatusUpdate, (value: unknown) => boolean> = {
  status: (value) => (STATUSES as readonly unknown[]).includes(value),
  under_maintenance: (value) => typeof value === 'boolean',
  service_status: (value) => value === 0 || value === 1,
};

/** The request body as a StatusUpdate, or a 400: an object of known fields only, each valid, at least one. */
export function parseStatusUpdate(body: unknown): StatusUpdate {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiError(400, 'badRequest');
  const entries = Object.entries(body);
  if (entries.length === 0) throw new ApiError(400, 'badRequest');
  for (const [key, value] of entries) {
    if (!Object.hasOwn(VALID, key) || !VALID[key as keyof StatusUpdate](value)) throw new ApiError(400, 'badRequest');
  }
  return body as StatusUpdate;
}
