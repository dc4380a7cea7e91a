import { useCallback, useEffect, useRef, useState } from 'react';
import { stageUrl } from '../stage/stageParams';
import type { RendererName, Stage, StepRecord } from '../stage/stageApi';
import { jsSampling } from '../stage/jsSampler';
import { browserInfo, gpuInfo } from './browserInfo';
import { liveFrames, type LiveFrames } from './liveFrames';
import { buildRecord, type BenchRecord, type RunRecord } from '../record/record';
import { runBench, type RunRequest } from './runBench';

/** The commit this page was built from (bench/vite.config.ts). */
export const BUILD: string = import.meta.env.VITE_BENCH_BUILD ?? 'unknown';
/** How often the live readout reads the stage's frames. */
const READOUT_MS = 500;
/** `?stepTimeoutS=` or this: a step slower than it ends the run. */
const STEP_TIMEOUT_S = Number(new URLSearchParams(window.location.search).get('stepTimeoutS')) || 240;

/** What the harness (npm run bench) reads and sets on the page, beside the controls it operates. */
export interface BenchPageApi {
  record(): BenchRecord;
  setNotes(notes: BenchRecord['notes']): void;
  /** Steps of the run going on (0 when none): the harness tells a slow run from a stuck one by them. */
  stepsSoFar(): number;
}

declare global {
  interface Window {
    __benchPage?: BenchPageApi;
  }
}

/** Waits for the stage document now in `frame` to offer its API. */
async function stageIn(frame: HTMLIFrameElement): Promise<Stage> {
  for (;;) {
    const stage = frame.contentWindow?.__stage;
    if (stage) return stage;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs, the run in progress, the live readout and the record: the page's state. */
export function useBenchRunner() {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const stageRef = useRef<Stage | null>(null);
  const stopRef = useRef(false);
  const [runs, setRuns] = useState<RunRecord[]>([]);
  const [current, setCurrent] = useState<{ request: RunRequest; steps: StepRecord[] } | null>(null);
  const [live, setLive] = useState<LiveFrames | null>(null);
  const [gpu] = useState(gpuInfo);
  // The page is served as its stage is: whether it may sample JS holds for both until a stage says otherwise.
  const [jsSamplingMs, setJsSamplingMs] = useState(() => jsSampling().intervalMs);
  const notesRef = useRef<BenchRecord['notes']>({});
  const runsRef = useRef(runs);
  runsRef.current = runs;
  const stepsRef = useRef(0);
  stepsRef.current = current?.steps.length ?? 0;

  const record = useCallback(
    (): BenchRecord =>
      buildRecord(
        { url: window.location.href, build: BUILD },
        browserInfo(gpu, frameRef.current, jsSamplingMs),
        notesRef.current,
        runsRef.current,
      ),
    [gpu, jsSamplingMs],
  );

  useEffect(() => {
    window.__benchPage = {
      record,
      setNotes: (notes) => {
        notesRef.current = notes;
      },
      stepsSoFar: () => stepsRef.current,
    };
  }, [record]);

  const openStage = useCallback(async (renderer: RendererName, n: number): Promise<Stage> => {
    const frame = frameRef.current!;
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    frame.src = stageUrl({ renderer, n });
    await loaded;
    const stage = await stageIn(frame);
    stageRef.current = stage;
    setJsSamplingMs(stage.jsSamplingMs);
    return stage;
  }, []);

  useEffect(() => {
    if (!current) return;
    const timer = setInterval(() => {
      const intervals = stageRef.current?.recentFrames();
      if (intervals) setLive(liveFrames(intervals));
    }, READOUT_MS);
    return () => clearInterval(timer);
  }, [current]);

  const run = useCallback(
    async (request: RunRequest) => {
      stopRef.current = false;
      setLive(null);
      setCurrent({ request, steps: [] });
      try {
        const finished = await runBench(request, {
          build: BUILD,
          openStage,
          stepTimeoutS: STEP_TIMEOUT_S,
          stopped: () => stopRef.current,
          onStep: (step) => setCurrent((now) => now && { ...now, steps: [...now.steps, step] }),
        });
        setRuns((before) => [...before, finished]);
      } finally {
        stageRef.current = null;
        setCurrent(null);
      }
    },
    [openStage],
  );

  return {
    frameRef,
    runs,
    current,
    running: current !== null,
    live,
    gpu,
    jsSamplingMs,
    run,
    stop: () => {
      stopRef.current = true;
    },
    clear: () => setRuns([]),
    record,
  };
}
