import type { Call } from '../../api/client';
import { OPEN_ALERTS_ANSWER_SCHEMA, type Alert } from '../../../shared/contract/alert';
import { readAnswer } from '../readAnswer';

export type { Alert };

/** The alerts open now (`GET /api/operator/alerts`), which the fleet counts and the alerts page lists. */
export async function fetchOpenAlerts(call: Call): Promise<Alert[]> {
  const answer = await call('operator/alerts', undefined, { method: 'GET', not_blocking: true, throw_error: true });
  return readAnswer(OPEN_ALERTS_ANSWER_SCHEMA, answer).alerts;
}
