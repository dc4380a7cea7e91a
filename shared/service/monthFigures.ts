import { episodeMinutes, type Episode } from './episodes';
import { hongKongDay, hongKongDaysOf, hongKongMonthSpan } from './hongKongTime';

/**
 * Whether a full episode kept the promise. `kept`: emptied within it. `broken`: it lasted longer, however it ended
 * (an open one as soon as its time is up). `unjudged`: ended otherwise within the promise (taken out of service,
 * deactivated), or open with time left.
 */
export type PromiseVerdict = 'kept' | 'broken' | 'unjudged';

export function verdictOf(episode: Episode, promiseMinutes: number, nowMs: number): PromiseVerdict {
  if (episodeMinutes(episode, nowMs) > promiseMinutes) return 'broken';
  return episode.end === 'emptied' ? 'kept' : 'unjudged';
}

export interface DayFigures {
  /** `YYYY-MM-DD`, Hong Kong. */
  day: string;
  episodes: number;
  kept: number;
  broken: number;
  /** kept / (kept + broken); null on a day with none judged. */
  keptShare: number | null;
}

export interface MachineFailures {
  machineId: string;
  broken: number;
  /** Minutes past the promise, all its broken episodes together. */
  lateMinutes: number;
}

export interface MonthFigures {
  month: string;
  promiseMinutes: number;
  /** Full episodes that started in the month. */
  episodes: number;
  nearlyFullEpisodes: number;
  kept: number;
  broken: number;
  keptShare: number | null;
  /** Of the episodes emptied; null when none was. */
  medianMinutesToEmpty: number | null;
  p95MinutesToEmpty: number | null;
  /** The month's full episodes' lengths together (open ones up to now). */
  hoursFull: number;
  /** The ten machines that broke the promise most often (then by minutes late), worst first. */
  worstMachines: MachineFailures[];
  days: DayFigures[];
}

const WORST_MACHINES = 10;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A Hong Kong day's full episodes (the figures' counts before the share). */
export type DayTally = Omit<DayFigures, 'keptShare'>;

/**
 * What the month's figures are made of, in whole milliseconds so that any order of summing (an engine's SUM, this
 * module's loop) gives the same figures: the store aggregates it in SQL (server/db/serviceSql.ts), `tallyEpisodes`
 * folds episodes into it, `figuresOf` turns it into the figures.
 */
export interface MonthTallies {
  /** The Hong Kong days with a full episode started, in any order. */
  days: DayTally[];
  nearlyFullEpisodes: number;
  /** The full episodes' lengths together (open ones up to now). */
  fullMs: number;
  /** Every machine that broke the promise, in any order: how often, and by how long in all. */
  failures: { machineId: string; broken: number; lateMs: number }[];
  /** Nearest-rank median and 95th percentile of the emptied full episodes' lengths; null when none was emptied. */
  medianMsToEmpty: number | null;
  p95MsToEmpty: number | null;
}

/** The month's tallies from episodes of any months and kinds: those that started in it (Hong Kong time) count. */
export function tallyEpisodes(
  episodes: readonly Episode[],
  month: string,
  promiseMinutes: number,
  nowMs: number,
): MonthTallies {
  const { from, to } = hongKongMonthSpan(month);
  const limitMs = promiseMinutes * MINUTE_MS;
  const days = new Map<string, DayTally>();
  const failures = new Map<string, MonthTallies['failures'][number]>();
  const toEmpty: number[] = [];
  let nearlyFullEpisodes = 0;
  let fullMs = 0;
  for (const episode of episodes) {
    const start = Date.parse(episode.from);
    if (!(start >= from && start < to)) continue;
    if (episode.kind === 'nearlyFull') nearlyFullEpisodes += 1;
    if (episode.kind !== 'full') continue;
    const ms = (episode.to === null ? nowMs : Date.parse(episode.to)) - start;
    const dayName = hongKongDay(start);
    const day = days.get(dayName) ?? { day: dayName, episodes: 0, kept: 0, broken: 0 };
    days.set(dayName, day);
    day.episodes += 1;
    fullMs += ms;
    if (episode.end === 'emptied') toEmpty.push(ms);
    if (ms > limitMs) {
      day.broken += 1;
      const machine = failures.get(episode.machineId) ?? { machineId: episode.machineId, broken: 0, lateMs: 0 };
      machine.broken += 1;
      machine.lateMs += ms - limitMs;
      failures.set(episode.machineId, machine);
    } else if (episode.end === 'emptied') {
      day.kept += 1;
    }
  }
  toEmpty.sort((a, b) => a - b);
  return {
    days: [...days.values()],
    nearlyFullEpisodes,
    fullMs,
    failures: [...failures.values()],
    medianMsToEmpty: percentile(toEmpty, 0.5),
    p95MsToEmpty: percentile(toEmpty, 0.95),
  };
}

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

const share = (kept: number, broken: number): number | null => (kept + broken === 0 ? null : kept / (kept + broken));
const minutesOf = (ms: number | null): number | null => (ms === null ? null : ms / MINUTE_MS);

/** The month's figures from its tallies. */
export function figuresOf(tallies: MonthTallies, month: string, promiseMinutes: number): MonthFigures {
  const tallied = new Map(tallies.days.map((day) => [day.day, day]));
  const days = hongKongDaysOf(month).map((day) => tallied.get(day) ?? { day, episodes: 0, kept: 0, broken: 0 });
  const sum = (count: (day: DayTally) => number) => days.reduce((total, day) => total + count(day), 0);
  const kept = sum((day) => day.kept);
  const broken = sum((day) => day.broken);
  return {
    month,
    promiseMinutes,
    episodes: sum((day) => day.episodes),
    nearlyFullEpisodes: tallies.nearlyFullEpisodes,
    kept,
    broken,
    keptShare: share(kept, broken),
    medianMinutesToEmpty: minutesOf(tallies.medianMsToEmpty),
    p95MinutesToEmpty: minutesOf(tallies.p95MsToEmpty),
    hoursFull: tallies.fullMs / HOUR_MS,
    worstMachines: tallies.failures
      .map(({ machineId, broken: count, lateMs }) => ({ machineId, broken: count, lateMinutes: lateMs / MINUTE_MS }))
      .sort((a, b) => b.broken - a.broken || b.lateMinutes - a.lateMinutes || a.machineId.localeCompare(b.machineId))
      .slice(0, WORST_MACHINES),
    days: days.map((day) => ({
      day: day.day,
      episodes: day.episodes,
      kept: day.kept,
      broken: day.broken,
      keptShare: share(day.kept, day.broken),
    })),
  };
}

/** The month's figures (Hong Kong time) from episodes of any months and kinds: those that started in it count. */
export function monthFigures(
  episodes: readonly Episode[],
  month: string,
  promiseMinutes: number,
  nowMs: number,
): MonthFigures {
  return figuresOf(tallyEpisodes(episodes, month, promiseMinutes, nowMs), month, promiseMinutes);
}
