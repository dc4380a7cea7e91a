import { frameStats, type frameLog } from './frames';
import type { GlCounter } from './glCounter';
import type { JsSampling } from './jsSampler';
import type { ScenarioName, StepRecord } from './stageApi';

interface Meters {
  gl: GlCounter;
  frames: ReturnType<typeof frameLog>;
  js: JsSampling;
}

/**
 * Measures a step: `change` makes it and resolves with the machines shown once its frame is on screen with the
 * GPU done (null when the step shows no other machines). Everything a step record holds is taken here, the same
 * way for every renderer.
 */
export function stepMeter({ gl, frames, js }: Meters) {
  return async (scenario: ScenarioName, step: string, change: () => Promise<number | null>): Promise<StepRecord> => {
    const sampler = js.start();
    gl.reset();
    const start = performance.now();
    const shown = await change();
    const end = performance.now();
    const { draws, uploadBytes } = gl.read();
    return {
      scenario,
      step,
      shown,
      drawnMs: end - start,
      jsMs: await sampler.stop(start, end),
      frames: frameStats(frames.intervals(start, end)),
      draws,
      uploadKB: uploadBytes / 1024,
    };
  };
}

/**
 * The load as a step: from the stage's navigation to `readyAt`, the first frame with every marker, less the span
 * spent generating the synthetic machines (the same work whatever draws them). `sampler` runs from the stage's
 * first script; the counter counts from its installation.
 */
export async function loadStep(
  { gl, frames }: Pick<Meters, 'gl' | 'frames'>,
  sampler: ReturnType<JsSampling['start']>,
  generation: [number, number],
  readyAt: number,
  shown: number,
): Promise<StepRecord> {
  const { draws, uploadBytes } = gl.read();
  const generateMs = generation[1] - generation[0];
  return {
    scenario: 'load',
    step: 'load',
    shown,
    drawnMs: readyAt - generateMs,
    jsMs: await sampler.stop(0, readyAt, [generation]),
    frames: frameStats(frames.intervals(0, readyAt)),
    draws,
    uploadKB: uploadBytes / 1024,
  };
}
