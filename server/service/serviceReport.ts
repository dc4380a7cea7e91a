import type { District } from '../../shared/contract/machine';
import type { ServiceEpisode } from '../../shared/contract/service';
import { episodeMinutes, type Episode } from '../../shared/service/episodes';
import { hongKongMonthSpan } from '../../shared/service/hongKongTime';
import { figuresOf, verdictOf, type MonthFigures } from '../../shared/service/monthFigures';
import type { ServiceStore } from '../db/serviceStore';

const isFill = (episode: Episode): boolean => episode.kind === 'full' || episode.kind === 'nearlyFull';

/** An episode as the routes answer it: its district, length, and clock against the promise. */
export function toServiceEpisode(
  episode: Episode,
  district: District,
  promiseMinutes: number,
  nowMs: number,
): ServiceEpisode {
  const minutes = episodeMinutes(episode, nowMs);
  return {
    ...episode,
    district,
    minutes,
    minutesLeft: episode.end === 'open' && isFill(episode) ? promiseMinutes - minutes : null,
    verdict: isFill(episode) ? verdictOf(episode, promiseMinutes, nowMs) : 'unjudged',
  };
}

/** The episodes going on now, nearest the promise's limit first (then the others, oldest first). */
export async function openEpisodes(
  store: ServiceStore,
  districts: readonly District[],
  promiseMinutes: number,
  nowMs: number,
): Promise<ServiceEpisode[]> {
  const found = await store.openEpisodes(districts);
  return found
    .map(({ episode, district }) => toServiceEpisode(episode, district, promiseMinutes, nowMs))
    .sort(
      (a, b) =>
        (a.minutesLeft ?? Number.POSITIVE_INFINITY) - (b.minutesLeft ?? Number.POSITIVE_INFINITY) ||
        a.from.localeCompare(b.from) ||
        a.machineId.localeCompare(b.machineId),
    );
}

/** The episodes that started in the month (Hong Kong time), oldest first. */
export async function monthEpisodes(
  store: ServiceStore,
  month: string,
  districts: readonly District[],
  promiseMinutes: number,
  nowMs: number,
): Promise<ServiceEpisode[]> {
  const { from, to } = hongKongMonthSpan(month);
  const iso = (ms: number) => new Date(ms).toISOString();
  const found = await store.episodesStarted(iso(from), iso(to), districts);
  return found.map(({ episode, district }) => toServiceEpisode(episode, district, promiseMinutes, nowMs));
}

/**
 * The month's figures, aggregated by the database (issue 67: within 1 s at 1,000 machines); equal to `monthFigures`
 * over the month's episodes (tests/server/service.test.ts).
 */
export async function monthReport(
  store: ServiceStore,
  month: string,
  districts: readonly District[],
  promiseMinutes: number,
  nowMs: number,
): Promise<MonthFigures> {
  const { from, to } = hongKongMonthSpan(month);
  const iso = (ms: number) => new Date(ms).toISOString();
  const tallies = await store.monthTallies(iso(from), iso(to), districts, promiseMinutes, nowMs);
  return figuresOf(tallies, month, promiseMinutes);
}
