import type { Call } from '../../api/client';
import type { NewReport, ReportChallenge } from '../../../shared/contract/problemReport';
import { solveReportChallenge } from '../../../shared/solveReportChallenge';

const QUIET = { not_blocking: true, throw_error: true } as const;

/** A challenge fetched and solved: started as the form opens, so that sending rarely waits for it. */
export async function solvedChallenge(call: Call): Promise<Pick<NewReport, 'challenge' | 'number'>> {
  const challenge = await call<ReportChallenge>('reports/challenge', undefined, { ...QUIET, method: 'GET' });
  const number = challenge ? await solveReportChallenge(challenge) : null;
  if (!challenge || number === null) throw new Error('report challenge not solved');
  return { challenge, number };
}

export async function sendReport(call: Call, report: NewReport): Promise<void> {
  await call('reports', report, QUIET);
}

/** Over a limit (429): the API client's ApiError, read by its status so that this chunk does not import the client. */
export const overLimit = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 429;
