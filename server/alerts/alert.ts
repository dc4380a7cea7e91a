import type { AlertKind } from './alertRule';

/**
 * One rule's condition on one subject (a machine, or the feed). Watched (`openedAt` null) from when the condition was
 * first seen, open once it has lasted the rule's minutes, closed when it ends. At most one not closed per rule and
 * subject (the databases hold to it with a unique index).
 */
export interface Alert {
  id: number;
  /** Null once the rule is deleted (its closed alerts stay in the history). */
  ruleId: number | null;
  kind: AlertKind;
  /** `machine:<id>` or `feed`. */
  subject: string;
  machineId: string | null;
  district: string | null;
  /** The rule's minutes when it was watched. */
  minutes: number;
  /** When the condition began, as far as the server knows (ISO 8601). */
  since: string;
  openedAt: string | null;
  closedAt: string | null;
}

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

export const ALERT_EVENTS = ['alert.opened', 'alert.closed'] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];

export const noChanges = (changes: AlertChanges): boolean =>
  changes.watch.length + changes.open.length + changes.close.length + changes.forget.length === 0;
