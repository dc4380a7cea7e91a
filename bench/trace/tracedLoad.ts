import type { CDPSession, Page } from 'puppeteer-core';
import { recordGlCalls, type GlRecord } from './glCalls';
import { ownCalls } from './glOwners';
import { glOwnerOf, type SourceOwners } from './sourceOwner';
import {
  startupPhases,
  type OwnedGlCall,
  type PageMarks,
  type ProfileSample,
  type StartupAnalysis,
  type TraceEvent,
} from './startupPhases';

/** The trace's categories: tasks and their CPU time, module compile and evaluation, requests, the GPU process. */
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'loading',
  'gpu',
  'toplevel',
  'blink.user_timing',
];
/** V8's sampling interval: coarse enough not to slow the page much, fine enough for tens of ms. */
const SAMPLING_US = 500;

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

declare global {
  interface Window {
    __startupSeen?: { listAt: number | null; markersAt: number | null };
  }
}

/**
 * Runs in the page before its scripts: when the Location List showed its first machine and when the map region
 * said its markers were drawn after that (aria-busy turning false), each at the next frame, as the visitor bench
 * counts them (bench/visitor/visitorLoad.ts).
 */
function watchMarkers(): void {
  const seen: NonNullable<Window['__startupSeen']> = { listAt: null, markersAt: null };
  window.__startupSeen = seen;
  const atFrame = (key: keyof typeof seen) => {
    seen[key] = -1;
    requestAnimationFrame(() => {
      seen[key] = performance.now();
    });
  };
  new MutationObserver((records) => {
    const listBefore = seen.listAt !== null;
    if (!listBefore && document.querySelector('ul[aria-labelledby] > li')) atFrame('listAt');
    const drawn = records.some(
      (r) => r.attributeName === 'aria-busy' && (r.target as Element).getAttribute('aria-busy') === 'false',
    );
    if (seen.markersAt === null && listBefore && drawn) atFrame('markersAt');
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
}

/** The page-side recorders as one script, with the helper tsx adds to named functions (the page has none). */
export const STARTUP_RECORDERS = `(() => { const __name = (f) => f; (${recordGlCalls.toString()})(); (${watchMarkers.toString()})(); })()`;

/** The outcome of one traced load: its waterfall, and how the load went. */
export interface TracedLoad extends StartupAnalysis {
  /** Every WebGL call until every marker, with its owner: kept apart from the record (`--keep-traces`). */
  calls: OwnedGlCall[];
  everyMarkerMs: number;
  firstListMachineMs: number | null;
  contexts: GlRecord['contexts'];
  droppedCalls: number;
}

/**
 * Traces one load of `url` in `page` (already set up: viewport, network, recorders added with STARTUP_RECORDERS):
 * a Chrome trace and V8's sampling profile from the navigation until `ready` resolves with the time every marker
 * was on screen (ms from the navigation), then the waterfall. `mapChunk` names the chunk that carries the map
 * libraries; `owners` reads the build's source maps; `keep` is handed the raw trace and profile.
 */
export async function traceLoad(
  page: Page,
  cdp: CDPSession,
  url: string,
  ready: () => Promise<number>,
  mapChunk: string,
  owners: SourceOwners,
  keep?: (trace: Uint8Array, profile: object) => void,
): Promise<TracedLoad> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
  await page.tracing.start({ categories: CATEGORIES });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 180_000 });
  const everyMarkerMs = await ready();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  const trace = await page.tracing.stop();
  if (trace) keep?.(trace, profile);
  const { traceEvents } = JSON.parse(Buffer.from(trace ?? new Uint8Array()).toString('utf8')) as {
    traceEvents: TraceEvent[];
  };
  const record = await page.evaluate(() => window.__glCalls!);
  const stackOwners = record.stacks.map((stack) => glOwnerOf(stack, owners));
  const calls: OwnedGlCall[] = ownCalls(record.calls, (stack) => stackOwners[stack] ?? 'page');
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  const network = await page.evaluate((file) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const atlas = entries
      .filter((e) => /\/atlas-[\w-]+\.png$/.test(new URL(e.name).pathname))
      .sort((a, b) => a.startTime - b.startTime);
    const spans = [entries.find((e) => new URL(e.name).pathname.endsWith(`/${file}`)), atlas[0]].map((e) =>
      e && e.responseEnd > 0 ? { startMs: e.startTime, endMs: e.responseEnd } : undefined,
    );
    return { chunk: spans[0], atlas: spans[1], listAt: window.__startupSeen?.listAt ?? null };
  }, mapChunk);
  const marks: PageMarks = {
    mapChunk: { file: mapChunk, ...network.chunk },
    atlas: network.atlas,
    firstListMachineMs: network.listAt !== null && network.listAt > 0 ? network.listAt : null,
    everyMarkerMs,
  };
  const navigation = traceEvents.findLast(
    (e) => e.name === 'navigationStart' && /^http/.test(e.args?.data?.documentLoaderURL ?? ''),
  );
  const samples = navigation ? profileSamples(profile, navigation.ts, owners) : [];
  return {
    ...startupPhases(traceEvents, calls, marks, samples),
    calls: calls.filter((call) => call.startMs <= everyMarkerMs),
    everyMarkerMs,
    firstListMachineMs: marks.firstListMachineMs ?? null,
    contexts: record.contexts,
    droppedCalls: record.dropped,
  };
}

/** The profile's samples as ms from the navigation, each with whose code it was in. */
function profileSamples(profile: CpuProfile, t0: number, owners: SourceOwners): ProfileSample[] {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const ownerCache = new Map<string, string>();
  const ownerOf = (frame: CallFrame): string => {
    // The recorder's wrappers (no URL) hold the WebGL call they wrap: V8 shows no frame of its own for it.
    if (!frame.url) return /^proto\./.test(frame.functionName) ? '(WebGL calls)' : frame.functionName || '(native)';
    const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}`;
    let owner = ownerCache.get(key);
    if (owner === undefined) {
      owner = owners.ownerOf(frame.url, frame.lineNumber + 1, frame.columnNumber) ?? new URL(frame.url).pathname;
      ownerCache.set(key, owner);
    }
    return owner;
  };
  const samples: ProfileSample[] = [];
  let ts = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    ts += delta;
    const frame = frames.get(id);
    if (frame) samples.push({ atMs: (ts - t0) / 1000, ms: delta / 1000, owner: ownerOf(frame) });
  });
  return samples;
}
