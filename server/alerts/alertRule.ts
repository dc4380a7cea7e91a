import {
  ALERT_KINDS,
  ALERT_MAX_MINUTES,
  type AlertKind,
  type AlertRule,
  type AlertRuleInput,
} from '../../shared/contract/alertRule';

/** A rule's kinds, limits and shape are the contract's (shared/contract/alertRule.ts). */
export { ALERT_KINDS, ALERT_MAX_MINUTES, type AlertKind, type AlertRule, type AlertRuleInput };

/** Why a rule cannot be kept, or null when it can. */
export function ruleProblem(input: AlertRuleInput): string | null {
  if (!Number.isInteger(input.minutes) || input.minutes < 1 || input.minutes > ALERT_MAX_MINUTES) {
    return `minutes must be a whole number from 1 to ${ALERT_MAX_MINUTES}`;
  }
  if (input.kind === 'feedFailing' && input.district !== null) return 'a feedFailing rule has no district';
  return null;
}
