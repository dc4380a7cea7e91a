import type { Call } from '../../api/client';
import {
  CLOSED_REPORTS_ANSWER,
  OPEN_REPORTS_ANSWER,
  type ClosedReport,
  type CloseReports,
  type OpenReport,
} from '../../../shared/contract/problemReport';
import { readAnswer } from '../readAnswer';

export type { ClosedReport, OpenReport };

/** A machine's open reports, newest first. */
export interface MachineReports {
  machineId: string;
  district: string;
  reports: OpenReport[];
}

/**
 * The open reports of an answer as its contract says, grouped by machine: the machine reported most recently first,
 * each machine's reports newest first.
 */
export function parseOpenReports(body: unknown): MachineReports[] {
  const newestFirst = [...readAnswer(OPEN_REPORTS_ANSWER, body).reports].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id,
  );
  const groups = new Map<string, MachineReports>();
  for (const report of newestFirst) {
    const group = groups.get(report.machineId) ?? {
      machineId: report.machineId,
      district: report.district,
      reports: [],
    };
    group.reports.push(report);
    groups.set(report.machineId, group);
  }
  return [...groups.values()];
}

export async function fetchOpenReports(call: Call): Promise<MachineReports[]> {
  const answer = await call('operator/reports', undefined, { method: 'GET', not_blocking: true, throw_error: true });
  return parseOpenReports(answer);
}

const GET = { method: 'GET', not_blocking: true, throw_error: true } as const;

/** The reports resolved or dismissed, the last closed first; of one machine when it is given. */
export async function fetchClosedReports(call: Call, machineId: string | null): Promise<ClosedReport[]> {
  const query = machineId === null ? '' : `?machine=${encodeURIComponent(machineId)}`;
  return readAnswer(CLOSED_REPORTS_ANSWER, await call(`operator/reports/closed${query}`, undefined, GET)).reports;
}

/** What to close: one report, or every open report of one machine. */
export type CloseTarget = { reportId: number } | { machineId: string };

/** Closes the reports of `target` with the outcome and note; answers how many this call closed. */
export async function closeReports(call: Call, target: CloseTarget, body: CloseReports): Promise<number> {
  const path =
    'reportId' in target
      ? `operator/reports/${target.reportId}/close`
      : `operator/machines/${encodeURIComponent(target.machineId)}/reports/close`;
  const answer = await call(path, body, { method: 'POST', not_blocking: true, throw_error: true });
  return readAnswer(CLOSED_REPORTS_ANSWER, answer).reports.length;
}

export { fetchReportCounts, reportsPath } from '../reportCounts/reportCountCalls';
