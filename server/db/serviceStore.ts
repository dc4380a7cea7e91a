import type { District } from '../../shared/contract/machine';
import type { Episode } from '../../shared/service/episodes';
import type { MonthTallies } from '../../shared/service/monthFigures';
import type { AccessChange } from './accessAudit';

/** The promise's length when no admin has set it: the pilot's 4 hours. */
export const DEFAULT_PROMISE_MINUTES = 240;

/** An episode and its machine's district now. */
export interface DistrictEpisode {
  episode: Episode;
  district: District;
}

/** The service levels' reads (docs/operators-service.md) and the promise's setting, on both engines. */
export interface ServiceStore {
  /**
   * The episodes kept as the history was written (decision 0074) that started from `from` to before `to` (ISO 8601,
   * UTC), by start; with `districts`, only the machines of those.
   */
  episodesStarted(from: string, to: string, districts: readonly District[]): Promise<DistrictEpisode[]>;
  /**
   * What the figures of the episodes that started from `from` to before `to` are made of, aggregated by the
   * database (`monthEpisodesCte` in serviceSql.ts): open ones count up to `nowMs`, against a promise of
   * `promiseMinutes`.
   */
  monthTallies(
    from: string,
    to: string,
    districts: readonly District[],
    promiseMinutes: number,
    nowMs: number,
  ): Promise<MonthTallies>;
  /** The episodes going on, likewise. */
  openEpisodes(districts: readonly District[]): Promise<DistrictEpisode[]>;
  /** The promise's length in minutes. */
  promiseMinutes(): Promise<number>;
  /** Sets it and records `change` in the access audit, in one transaction. */
  setPromiseMinutes(minutes: number, change: AccessChange): Promise<void>;
}
