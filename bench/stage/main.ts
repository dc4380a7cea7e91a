import { installGlCounter } from './glCounter';
import { frameLog, quietFor } from './frames';
import { jsSampling } from './jsSampler';
import { loadStep, stepMeter } from './measure';
import { panAndZoom } from './panZoom';
import type { StartRenderer } from './renderer';
import { stageParams } from './stageParams';
import { FILTERS, type RendererName, type Stage } from './stageApi';
import { syntheticMachines } from '../../testkit/fixtures/syntheticMachines';

// First, before any renderer makes a WebGL context or runs a line of its code.
const gl = installGlCounter();
const js = jsSampling();
const loadSampler = js.start();
const frames = frameLog();

/** The map has drawn nothing for this long: it is quiet. */
const QUIET_MS = 300;
/** The last frame interval the live readout shows, ms. */
const RECENT_MS = 1_000;

const RENDERERS: Record<RendererName, () => Promise<StartRenderer>> = {
  ours: () => {
    // The map chunk downloads from the first moment, as the product's index.html preloads it
    // (scripts/vite/preloadChunk.ts); its lazy import in the page then finds it at hand.
    void import('../../src/map/MapView');
    return import('./ours/startOurs').then((m) => m.startOurs);
  },
  leaflet: () => import('./startLeaflet').then((m) => m.startLeaflet),
  'maplibre-symbol': () => import('./startMaplibreSymbol').then((m) => m.startMaplibreSymbol),
};

const { renderer: name, n } = stageParams(window.location.search);
const generateStart = performance.now();
const machines = syntheticMachines(n);
const generateEnd = performance.now();
const start = await RENDERERS[name]();
const renderer = start(machines, document.getElementById('stage')!);

const quiet = quietFor(QUIET_MS);
renderer.onDraw(quiet.poke);
const measure = stepMeter({ gl, frames, js });

window.__stage = {
  renderer: name,
  n,
  generateMs: generateEnd - generateStart,
  jsSamplingMs: js.intervalMs,
  load: renderer.ready.then(() =>
    loadStep({ gl, frames }, loadSampler, [generateStart, generateEnd], performance.now(), n),
  ),
  filter: (kind) => measure('filter', `filter: ${kind}`, () => renderer.applyCodes(FILTERS[kind])),
  search: (text) => measure('search', text ? `search '${text}'` : 'search cleared', () => renderer.search(text)),
  liveChange: () => measure('live', 'live status change', () => renderer.liveChange()),
  panZoom: async (length, settleLimitMs) => {
    // The map alone, as every renderer has it: ours hides its panel and legend meanwhile.
    await renderer.setChrome?.(false);
    await quiet.wait(settleLimitMs);
    const step = await measure('panZoom', 'pan and zoom', async () => {
      await panAndZoom(renderer.surface(), length);
      await quiet.wait(settleLimitMs);
      return null;
    });
    await renderer.setChrome?.(true);
    return step;
  },
  settle: (limitMs) => quiet.wait(limitMs),
  recentFrames: () => frames.intervals(performance.now() - RECENT_MS),
} satisfies Stage;
