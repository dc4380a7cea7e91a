import type { Call } from '../../api/client';
import { OPEN_REPORTS_ANSWER, type OpenReport } from '../../../shared/contract/problemReport';
import { readAnswer } from '../readAnswer';

export type { OpenReport };

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
