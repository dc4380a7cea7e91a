import type { Machine, Status } from '../../shared/machine';
import { STATUSES } from '../../shared/machine';

/** The four marker kinds of the table in docs/spec.md#display-states; also the icon atlas keys. */
export const DISPLAY_STATES = ['available', 'nearlyFull', 'full', 'maintenance'] as const;
export type DisplayState = (typeof DISPLAY_STATES)[number];

/** Capacity caption keys: the statuses plus 'null' (maintenance / non-operating hours). */
export type CaptionKey = Status | 'null';

type StatusFields = Pick<Machine, 'under_maintenance' | 'service_status'> & { status: unknown; stale?: boolean };

export function isOutOfService(m: StatusFields): boolean {
  return m.under_maintenance === true || m.service_status === 1;
}

/**
 * Out of service (docs/spec.md#display-states), or stale: no report for longer than the stale threshold (issue 9), so
 * its status is not trusted. Either way it shows, filters and counts as maintenance.
 */
export function showsAsMaintenance(m: StatusFields): boolean {
  return isOutOfService(m) || m.stale === true;
}

function isKnownStatus(status: unknown): status is Status {
  return (STATUSES as readonly unknown[]).includes(status);
}

export function displayStateOf(m: StatusFields): DisplayState {
  if (showsAsMaintenance(m) || !isKnownStatus(m.status)) return 'maintenance';
  switch (m.status) {
    case 'Full':
      return 'full';
    case '<=5%':
    case '<=20%':
      return 'nearlyFull';
    case '<=40%':
    case '>40%':
      return 'available';
  }
}

export function captionKeyOf(m: StatusFields): CaptionKey {
  if (showsAsMaintenance(m) || !isKnownStatus(m.status)) return 'null';
  return m.status;
}
