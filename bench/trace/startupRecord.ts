import { median, summarise, type Summary } from '../stats';
import { PHASES, type GlOwner, type PhaseName, type StartupPhase } from './startupPhases';
import type { TracedLoad } from './tracedLoad';

/** One traced load: what was loaded (`visitor cold`, `bench ours 1000`), which run, the load average after it. */
export interface StartupRun extends Omit<TracedLoad, 'calls'> {
  target: string;
  run: number;
  loadAverage: number;
}

/** The medians of one target's runs: each phase, and the main thread's time from the chunk to every marker. */
export interface StartupTargetSummary {
  target: string;
  runs: number;
  everyMarkerMs: number;
  /** Median and spread over the runs: every marker, and the main thread's and the GPU process' CPU from the chunk to it. */
  spread: { everyMarkerMs: Summary; cpuMs: Summary; gpuCpuMs: Summary };
  phases: StartupPhase[];
  budget: {
    fromMs: number;
    toMs: number;
    busyMs: number;
    cpuMs: number;
    gpuCpuMs: number;
    /** WebGL calls' time by owner. */
    gl: Record<GlOwner, number>;
    byOwner: { owner: string; ms: number }[];
  };
}

/** What `npm run bench:startup` writes: every run, and the medians per target. */
export interface StartupRecord {
  at: string;
  command: string;
  machine: Record<string, unknown>;
  /** The 1-minute load average before and after the runs. */
  loadAverages: number[];
  runs: StartupRun[];
  summary: StartupTargetSummary[];
}

export function isStartupRecord(value: unknown): value is StartupRecord {
  const record = value as Partial<StartupRecord> | null;
  return Boolean(
    record && Array.isArray(record.runs) && Array.isArray(record.summary) && typeof record.at === 'string',
  );
}

const mid = (values: number[]) => (values.length ? median(values) : 0);

/** Medians per target, over its runs, of every phase a run had and of the main thread's budget. */
export function startupSummary(runs: readonly StartupRun[]): StartupTargetSummary[] {
  const targets = [...new Set(runs.map((r) => r.target))];
  return targets.map((target) => {
    const of = runs.filter((r) => r.target === target);
    const phases: StartupPhase[] = [];
    for (const phase of PHASES) {
      const found = of.map((r) => r.phases.find((p) => p.phase === phase)).filter((p) => p !== undefined);
      // A phase some runs did not have (a warm load that downloads nothing) is shown only if most had it.
      if (found.length * 2 <= of.length) continue;
      phases.push({
        phase: phase as PhaseName,
        startMs: mid(found.map((p) => p.startMs)),
        endMs: mid(found.map((p) => p.endMs)),
        workMs: mid(found.map((p) => p.workMs)),
        cpuMs: mid(found.map((p) => p.cpuMs)),
        gpuMs: mid(found.map((p) => p.gpuMs)),
      });
    }
    const owners = [...new Set(of.flatMap((r) => r.budget.byOwner.map((o) => o.owner)))];
    const glOf = (owner: GlOwner) =>
      mid(of.map((r) => Object.values(r.budget.gl[owner]).reduce((sum, ms) => sum + (ms ?? 0), 0)));
    return {
      target,
      runs: of.length,
      everyMarkerMs: mid(of.map((r) => r.everyMarkerMs)),
      spread: {
        everyMarkerMs: summarise(of.map((r) => r.everyMarkerMs)),
        cpuMs: summarise(of.map((r) => r.budget.cpuMs)),
        gpuCpuMs: summarise(of.map((r) => r.budget.gpuCpuMs)),
      },
      phases,
      budget: {
        fromMs: mid(of.map((r) => r.budget.fromMs)),
        toMs: mid(of.map((r) => r.budget.toMs)),
        busyMs: mid(of.map((r) => r.budget.busyMs)),
        cpuMs: mid(of.map((r) => r.budget.cpuMs)),
        gpuCpuMs: mid(of.map((r) => r.budget.gpuCpuMs)),
        gl: { map: glOf('map'), deck: glOf('deck'), page: glOf('page') },
        byOwner: owners
          .map((owner) => ({
            owner,
            ms: mid(of.map((r) => r.budget.byOwner.find((o) => o.owner === owner)?.ms ?? 0)),
          }))
          .sort((a, b) => b.ms - a.ms),
      },
    };
  });
}
