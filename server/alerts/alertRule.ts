import type { District } from '../../shared/contract/machine';

/**
 * What an alert rule watches: a machine full, or not reporting, or under maintenance, for longer than its minutes;
 * or the feed failing or stale for longer than them.
 */
export const ALERT_KINDS = ['machineFull', 'notReporting', 'maintenance', 'feedFailing'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The longest a rule may wait: 30 days, in minutes. */
export const ALERT_MAX_MINUTES = 30 * 24 * 60;

export interface AlertRuleInput {
  kind: AlertKind;
  /** How long the condition must last before the alert opens (a maintenance rule's hours, times 60). */
  minutes: number;
  /** The machines of one district, or every machine (null); always null for `feedFailing`. */
  district: District | null;
  enabled: boolean;
}

export interface AlertRule extends AlertRuleInput {
  id: number;
  createdAt: string;
  updatedAt: string;
}

/** Why a rule cannot be kept, or null when it can. */
export function ruleProblem(input: AlertRuleInput): string | null {
  if (!Number.isInteger(input.minutes) || input.minutes < 1 || input.minutes > ALERT_MAX_MINUTES) {
    return `minutes must be a whole number from 1 to ${ALERT_MAX_MINUTES}`;
  }
  if (input.kind === 'feedFailing' && input.district !== null) return 'a feedFailing rule has no district';
  return null;
}
