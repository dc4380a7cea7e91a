import type { Status } from '../../shared/machine';

/** The status filter groups (docs/spec.md#status-filter-groups). 'maintenance' matches by flags, not by status. */
export const STATUS_GROUPS = ['available', 'nearlyFull', 'full', 'maintenance'] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

export const STATUSES_OF_GROUP: Record<Exclude<StatusGroup, 'maintenance'>, readonly Status[]> = {
  available: ['<=40%', '>40%'],
  nearlyFull: ['<=20%', '<=5%'],
  full: ['Full'],
};
