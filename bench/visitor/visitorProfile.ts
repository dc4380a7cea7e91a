import { readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { ROOT } from '../../testkit/browser/harness';
import { seenOn, tracedVisits, type Seen } from './tracedVisits';

/**
 * `tsx bench/visitor/visitorProfile.ts`: one cold and one warm load of our page (RVM_STATIC or dist/) through the phone
 * network profile, with a trace of the main thread and V8's sampling profiler until the first machine is listed.
 * Prints the main thread's long tasks (what each spent its time on, by package or source file, through the build's
 * source maps) and the functions with the most time of their own. Not a measurement (one load, the profiler slows
 * the page): for finding what the first machine waits for.
 */
const DIST = path.resolve(process.env.RVM_STATIC ?? path.join(ROOT, 'dist'));
const LONG_TASK_US = 8_000;
const SAMPLING_US = 200;
/** `PROFILE_UNTIL=markers`: profile until every marker is drawn, not until the first machine is listed. */
const UNTIL = process.env.PROFILE_UNTIL === 'markers' ? 'markers' : 'list';

/** A Chrome trace event; a navigation's carries the document's URL. */
interface PageTraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { documentLoaderURL?: string } };
}
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const sourceMaps = new Map<string, TraceMap | null>();
/** `package` or `src/folder/file.ts:line` of a minified position, through the chunk's source map. */
function originOf(frame: CallFrame): { owner: string; at: string } {
  const file = frame.url.split('/').pop() ?? '';
  if (!sourceMaps.has(file)) {
    try {
      sourceMaps.set(file, new TraceMap(readFileSync(path.join(DIST, 'assets', `${file}.map`), 'utf8')));
    } catch {
      sourceMaps.set(file, null);
    }
  }
  const map = sourceMaps.get(file);
  const position = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : null;
  const source = (position?.source ?? file).replace(/^(\.\.\/)+/, '');
  const inPackage = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return {
    owner: inPackage ? inPackage[1]! : source || '(native)',
    at: `${source.replace(/.*node_modules\//, '')}:${position?.line ?? frame.lineNumber}`,
  };
}

function report(events: PageTraceEvent[], profile: Profile, untilMs: number): void {
  const sum = (keyed: Map<string, number>, key: string, ms: number) => keyed.set(key, (keyed.get(key) ?? 0) + ms);
  const top = (keyed: Map<string, number>, n: number) =>
    [...keyed]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
      .join(', ');

  // The page's own navigation (not the tab's about:blank): its thread is the page's main thread.
  const navigation = events.findLast(
    (e) => e.name === 'navigationStart' && /^http/.test(e.args?.data?.documentLoaderURL ?? ''),
  );
  if (!navigation) return console.log('  (no navigation in the trace)');
  const t0 = navigation.ts;
  const until = t0 + untilMs * 1000;
  const onMain = events.filter(
    (e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === 'X' && e.dur !== undefined,
  );
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const samples: { ts: number; frame: CallFrame; ms: number }[] = [];
  let ts = profile.startTime;
  profile.samples.forEach((id, i) => {
    ts += profile.timeDeltas[i]!;
    const frame = frames.get(id)!;
    if (ts <= until && !['(idle)', '(program)'].includes(frame.functionName))
      samples.push({ ts, frame, ms: profile.timeDeltas[i]! / 1000 });
  });
  console.log(
    `  long tasks until ${UNTIL === 'markers' ? 'every marker' : 'the first machine'} (start ms, duration ms: by owner, JS time of its own):`,
  );
  for (const task of onMain.filter(
    (e) => e.name === 'RunTask' && e.ts >= t0 && e.ts < until && e.dur! > LONG_TASK_US,
  )) {
    const end = task.ts + task.dur!;
    const owners = new Map<string, number>();
    for (const s of samples) if (s.ts >= task.ts && s.ts <= end) sum(owners, originOf(s.frame).owner, s.ms);
    const native = new Map<string, number>();
    for (const e of onMain)
      if (
        e.ts >= task.ts &&
        e.ts + e.dur! <= end &&
        ['Layout', 'UpdateLayoutTree', 'Paint', 'MinorGC', 'MajorGC'].includes(e.name)
      )
        sum(native, e.name, e.dur! / 1000);
    console.log(
      `  ${((task.ts - t0) / 1000).toFixed(0).padStart(6)} ${(task.dur! / 1000).toFixed(0).padStart(5)}: ${top(owners, 8)}${native.size ? ` | ${top(native, 5)}` : ''}`,
    );
  }
  const functions = new Map<string, number>();
  for (const s of samples) sum(functions, `${s.frame.functionName || '(anonymous)'} ${originOf(s.frame).at}`, s.ms);
  console.log(`  functions with the most time of their own: ${top(functions, 15)}`);
}

await tracedVisits(async ({ page, cdp, url, visit }) => {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
  await page.tracing.start({
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'],
  });
  await cdp.send('Profiler.start');
  await page.goto(`${url}/`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(
    (until) => (window as unknown as { __seen: Seen }).__seen[until === 'markers' ? 'markersAt' : 'listAt'] > 0,
    { timeout: 120_000 },
    UNTIL,
  );
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const trace = await page.tracing.stop();
  const { listAt, markersAt } = await seenOn(page);
  console.log(
    `\n${visit}: first machine listed at ${listAt.toFixed(0)} ms, every marker at ${markersAt.toFixed(0)} ms`,
  );
  const { traceEvents } = JSON.parse(Buffer.from(trace ?? new Uint8Array()).toString('utf8')) as {
    traceEvents: PageTraceEvent[];
  };
  report(traceEvents, profile, UNTIL === 'markers' ? markersAt : listAt);
});
