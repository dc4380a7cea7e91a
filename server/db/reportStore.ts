import type { District } from '../../shared/contract/machine';
import type { ReportKind, ReportOutcome, ReportState } from '../../shared/contract/problemReport';
import type { ActorKind } from '../accounts/actor';
import { columnList } from './table';
import { PROBLEM_REPORTS } from './tables';

/** A report as stored: `challenge` is the solved challenge's hash, kept so that it pays for one report only. */
export interface NewStoredReport {
  machineId: string;
  district: District;
  kind: ReportKind;
  text: string;
  challenge: string;
  createdAt: string;
}

export interface StoredReport extends Omit<NewStoredReport, 'challenge'> {
  id: number;
  state: ReportState;
  /** The operator's note, when and by whom it was closed: null while open. */
  note: string | null;
  closedAt: string | null;
  closedBy: string | null;
}

/** Who closes reports, how, why and when. */
export interface ReportClosing {
  outcome: ReportOutcome;
  note: string;
  by: string;
  byKind: ActorKind;
  at: string;
}

/** One report by its id, or every open report of one machine. */
export type ReportSelection = { id: number } | { machineId: string };

/** A report's machine and time, as the alert rules read them. */
export interface ReportMoment {
  machineId: string;
  createdAt: string;
}

export interface ReportRow {
  id: number;
  machine_id: string;
  district: string;
  kind: string;
  text: string;
  state: string;
  created_at: string;
  note: string | null;
  closed_at: string | null;
  closed_by: string | null;
}

export const REPORT_COLUMNS = columnList(PROBLEM_REPORTS, ['challenge', 'closed_by_kind']);
export const NEW_REPORT_COLUMNS = 'machine_id, district, kind, text, challenge, state, created_at';
export const newReportValues = (report: NewStoredReport): unknown[] => [
  report.machineId,
  report.district,
  report.kind,
  report.text,
  report.challenge,
  'open',
  report.createdAt,
];

export const toReport = (row: ReportRow): StoredReport => ({
  id: Number(row.id),
  machineId: row.machine_id,
  district: row.district as District,
  kind: row.kind as ReportKind,
  text: row.text,
  state: row.state as ReportState,
  createdAt: row.created_at,
  note: row.note,
  closedAt: row.closed_at,
  closedBy: row.closed_by,
});

/** The most closed reports one answer lists. */
export const CLOSED_REPORTS_LIMIT = 200;

/** Visitors' problem reports, in either engine. */
export interface ReportStore {
  /** Stores the report; null when its challenge has paid for one already. */
  add(report: NewStoredReport): Promise<StoredReport | null>;
  /** How many reports of the machine were made at or after `since` (ISO 8601). */
  countSince(machineId: string, since: string): Promise<number>;
  /** The open reports, newest first, at most `limit`. */
  listOpen(limit: number): Promise<StoredReport[]>;
  get(id: number): Promise<StoredReport | null>;
  /** Closes the open reports selected, all at once; those it closed (none when someone else was first). */
  close(selection: ReportSelection, closing: ReportClosing): Promise<StoredReport[]>;
  /** The closed reports, the last closed first, at most `limit`; of one machine when it is given. */
  listClosed(limit: number, machineId: string | null): Promise<StoredReport[]>;
  /** Each machine's open reports, with its district; machines without any are left out. */
  openCounts(): Promise<{ machineId: string; district: string; count: number }[]>;
  /** The open reports of `kind` made at or after `since` (ISO 8601), oldest first. */
  openOfKindSince(kind: ReportKind, since: string): Promise<ReportMoment[]>;
  /** Deletes the reports made before `before` (ISO 8601), open or not; how many. */
  prune(before: string): Promise<number>;
}
