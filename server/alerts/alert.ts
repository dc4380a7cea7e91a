import { ALERT_EVENTS, type Alert as AlertAnswer, type AlertEvent } from '../../shared/contract/alert';
import type { AlertKind } from './alertRule';

export { ALERT_EVENTS, type AlertEvent };

/**
 * One rule's condition on one subject (a machine, or the feed). Watched (`openedAt` null) from when the condition was
 * first seen, open once it has lasted the rule's minutes, closed when it ends. At most one not closed per rule and
 * subject (the databases hold to it with a unique index). The routes answer it as the contract's (they show only
 * alerts that opened), without its subject.
 */
export type Alert = Omit<AlertAnswer, 'openedAt'> & {
  /** `machine:<id>` or `feed`. */
  subject: string;
  openedAt: string | null;
};

/** A condition first seen: watched, and open at once when it has lasted long enough already. */
export interface NewAlert {
  ruleId: number;
  kind: AlertKind;
  subject: string;
  machineId: string | null;
  district: string | null;
  minutes: number;
  since: string;
  open: boolean;
}

/** What one evaluation changes, written in one transaction. */
export interface AlertChanges {
  watch: NewAlert[];
  /** Watched alerts whose condition has lasted long enough: opened. */
  open: number[];
  /** Open alerts whose condition has ended: closed. */
  close: number[];
  /** Watched alerts whose condition ended before they opened: forgotten. */
  forget: number[];
}

export const noChanges = (changes: AlertChanges): boolean =>
  changes.watch.length + changes.open.length + changes.close.length + changes.forget.length === 0;
