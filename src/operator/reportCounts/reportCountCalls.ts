import type { Call } from '../../api/client';
import { REPORT_COUNTS_ANSWER } from '../../../shared/contract/problemReport';
import { consolePath } from '../consolePaths';
import { readAnswer } from '../readAnswer';

/** Each machine's open reports, of the person's districts. */
export async function fetchReportCounts(call: Call): Promise<Record<string, number>> {
  const answer = await call('operator/reports/counts', undefined, {
    method: 'GET',
    not_blocking: true,
    throw_error: true,
  });
  return readAnswer(REPORT_COUNTS_ANSWER, answer).counts;
}

/** The Reports page's address, of one machine when it is given. */
export const reportsPath = (machineId?: string): string =>
  consolePath('/reports') + (machineId === undefined ? '' : `?machine=${encodeURIComponent(machineId)}`);
