import type { District } from '../../shared/contract/machine';
import type { ReportKind } from '../../shared/contract/problemReport';
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
  state: 'open';
}

export interface ReportRow {
  id: number;
  machine_id: string;
  district: string;
  kind: string;
  text: string;
  state: string;
  created_at: string;
}

export const REPORT_COLUMNS = columnList(PROBLEM_REPORTS, ['challenge']);
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
  state: 'open',
  createdAt: row.created_at,
});

/** Visitors' problem reports, in either engine. */
export interface ReportStore {
  /** Stores the report; null when its challenge has paid for one already. */
  add(report: NewStoredReport): Promise<StoredReport | null>;
  /** How many reports of the machine were made at or after `since` (ISO 8601). */
  countSince(machineId: string, since: string): Promise<number>;
  /** The open reports, newest first, at most `limit`. */
  listOpen(limit: number): Promise<StoredReport[]>;
}
