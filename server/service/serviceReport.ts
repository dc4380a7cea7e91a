import type { District } from '../../shared/contract/machine';
import type { ServiceEpisode } from '../../shared/contract/service';
import { episodeMinutes, episodesOf, type Episode } from '../../shared/service/episodes';
import { hongKongMonthSpan } from '../../shared/service/hongKongTime';
import { monthFigures, verdictOf, type MonthFigures } from '../../shared/service/monthFigures';
import type { ServiceStore } from '../db/serviceStore';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How far past a month's end its episodes are followed: one still going 31 days after is reported open then. The
 * open episodes look as far back: a machine full for longer shows from its last history entry before.
 */
export const FOLLOW_MS = 31 * DAY_MS;

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

async function episodesBetween(
  store: ServiceStore,
  fromMs: number,
  toMs: number,
  districts: readonly District[],
): Promise<{ episode: Episode; district: District }[]> {
  const spans = await store.spans(new Date(fromMs).toISOString(), new Date(toMs).toISOString(), districts);
  return spans.flatMap(({ machineId, district, entries }) =>
    episodesOf(machineId, entries).map((episode) => ({ episode, district })),
  );
}

/** The episodes going on now, nearest the promise's limit first (then the others, oldest first). */
export async function openEpisodes(
  store: ServiceStore,
  districts: readonly District[],
  promiseMinutes: number,
  nowMs: number,
): Promise<ServiceEpisode[]> {
  const found = await episodesBetween(store, nowMs - FOLLOW_MS, nowMs + 1, districts);
  return found
    .filter(({ episode }) => episode.end === 'open')
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
  const found = await episodesBetween(store, from, Math.min(nowMs + 1, to + FOLLOW_MS), districts);
  return found
    .filter(({ episode }) => {
      const start = Date.parse(episode.from);
      return start >= from && start < to;
    })
    .map(({ episode, district }) => toServiceEpisode(episode, district, promiseMinutes, nowMs))
    .sort((a, b) => a.from.localeCompare(b.from) || a.machineId.localeCompare(b.machineId));
}

/** The month's figures. */
export async function monthReport(
  store: ServiceStore,
  month: string,
  districts: readonly District[],
  promiseMinutes: number,
  nowMs: number,
): Promise<MonthFigures> {
  const episodes = await monthEpisodes(store, month, districts, promiseMinutes, nowMs);
  return monthFigures(episodes, month, promiseMinutes, nowMs);
}
