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

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

const share = (kept: number, broken: number): number | null => (kept + broken === 0 ? null : kept / (kept + broken));

/** The month's figures (Hong Kong time) from episodes of any months and kinds: those that started in it count. */
export function monthFigures(
  episodes: readonly Episode[],
  month: string,
  promiseMinutes: number,
  nowMs: number,
): MonthFigures {
  const { from, to } = hongKongMonthSpan(month);
  const inMonth = episodes.filter((episode) => {
    const start = Date.parse(episode.from);
    return start >= from && start < to;
  });
  const full = inMonth.filter((episode) => episode.kind === 'full');
  const days = new Map(hongKongDaysOf(month).map((day) => [day, { day, episodes: 0, kept: 0, broken: 0 }]));
  const failures = new Map<string, MachineFailures>();
  const toEmpty: number[] = [];
  let kept = 0;
  let broken = 0;
  let minutesFull = 0;
  for (const episode of full) {
    const minutes = episodeMinutes(episode, nowMs);
    const verdict = verdictOf(episode, promiseMinutes, nowMs);
    const day = days.get(hongKongDay(Date.parse(episode.from)))!;
    day.episodes += 1;
    minutesFull += minutes;
    if (episode.end === 'emptied') toEmpty.push(minutes);
    if (verdict === 'kept') {
      kept += 1;
      day.kept += 1;
    } else if (verdict === 'broken') {
      broken += 1;
      day.broken += 1;
      const machine = failures.get(episode.machineId) ?? { machineId: episode.machineId, broken: 0, lateMinutes: 0 };
      machine.broken += 1;
      machine.lateMinutes += minutes - promiseMinutes;
      failures.set(episode.machineId, machine);
    }
  }
  toEmpty.sort((a, b) => a - b);
  return {
    month,
    promiseMinutes,
    episodes: full.length,
    nearlyFullEpisodes: inMonth.filter((episode) => episode.kind === 'nearlyFull').length,
    kept,
    broken,
    keptShare: share(kept, broken),
    medianMinutesToEmpty: percentile(toEmpty, 0.5),
    p95MinutesToEmpty: percentile(toEmpty, 0.95),
    hoursFull: minutesFull / 60,
    worstMachines: [...failures.values()]
      .sort((a, b) => b.broken - a.broken || b.lateMinutes - a.lateMinutes || a.machineId.localeCompare(b.machineId))
      .slice(0, WORST_MACHINES),
    days: [...days.values()].map((day) => ({ ...day, keptShare: share(day.kept, day.broken) })),
  };
}
