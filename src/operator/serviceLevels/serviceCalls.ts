import type { Call } from '../../api/client';
import { API_BASE_PATH } from '../../config';
import {
  MONTH_FIGURES_ANSWER_SCHEMA,
  OPEN_EPISODES_ANSWER_SCHEMA,
  PROMISE_ANSWER_SCHEMA,
  type MonthFiguresWire,
  type OpenEpisodesAnswer,
} from '../../../shared/contract/service';
import type { District } from '../../../shared/contract/machine';
import { readAnswer } from '../readAnswer';

/** The console's side of the service routes (server/routes/service.ts). */

const GET = { method: 'GET', not_blocking: true, throw_error: true } as const;

/** A month and a district (null: every district of the person). */
export interface ServiceChoice {
  month: string;
  district: District | null;
}

const monthQuery = ({ month, district }: ServiceChoice): string =>
  new URLSearchParams({ month, ...(district ? { district } : {}) }).toString();

export async function fetchOpenEpisodes(call: Call): Promise<OpenEpisodesAnswer> {
  return readAnswer(OPEN_EPISODES_ANSWER_SCHEMA, await call('operator/service/open', undefined, GET));
}

export async function fetchMonthFigures(call: Call, choice: ServiceChoice): Promise<MonthFiguresWire> {
  return readAnswer(
    MONTH_FIGURES_ANSWER_SCHEMA,
    await call(`operator/service/month?${monthQuery(choice)}`, undefined, GET),
  ).figures;
}

export async function fetchPromise(call: Call): Promise<number> {
  return readAnswer(PROMISE_ANSWER_SCHEMA, await call('operator/service/promise', undefined, GET)).minutes;
}

export async function savePromise(call: Call, minutes: number): Promise<number> {
  const body = await call(
    'operator/service/promise',
    { minutes },
    { method: 'PATCH', not_blocking: true, throw_error: true },
  );
  return readAnswer(PROMISE_ANSWER_SCHEMA, body).minutes;
}

/** The month's episodes as CSV, one row per episode. */
export const episodesCsvUrl = (choice: ServiceChoice): string =>
  `${API_BASE_PATH}operator/service/episodes.csv?${monthQuery(choice)}`;
