import type { Call } from '../../api/client';
import { ABOUT_ANSWER_SCHEMA, type About } from '../../../shared/contract/about';
import { readAnswer } from '../readAnswer';

export type { About };

/** What runs at this deployment (`GET /api/operator/about`). */
export async function fetchAbout(call: Call): Promise<About> {
  const body = await call('operator/about', undefined, { throw_error: true, not_blocking: true, method: 'GET' });
  return readAnswer(ABOUT_ANSWER_SCHEMA, body).about;
}
