import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { MAP_KEY, manifestEntry, readManifest } from '../../scripts/bundle/manifest';
import { sourceMapsDirOf } from '../../scripts/vite/privateSourceMaps';
import { CHROMIUM_ARGS, launchBrowser } from '../../testkit/browser/harness';
import { serveStatic } from '../../testkit/browser/staticServer';
import { machineInfo } from '../machineInfo';
import { PAGE_HEADERS } from '../stage/pageHeaders';
import { stageUrl } from '../stage/stageParams';
import { RENDERERS, type RendererName } from '../stage/stageApi';
import { tracedVisits } from '../visitor/tracedVisits';
import { sourceOwners } from './sourceOwner';
import { startupSummary, type StartupRecord, type StartupRun } from './startupRecord';
import { STARTUP_RECORDERS, traceLoad, type TracedLoad } from './tracedLoad';

/**
 * `npm run bench:startup`: where the time goes between the map chunk's arrival and every marker, from Chrome
 * traces. Traces our page as a visitor on the phone network (cold and warm, bench/visitor/tracedVisits.ts) and the
 * benchmark page's stage loading N machines (each renderer given), and writes the waterfall of each load (the
 * chunk's download and evaluation, each WebGL context, its shaders, uploads and draws, the frame with every
 * marker) with the main thread's time by owner, to bench/results/<date>-startup-<UTC hhmm>.json.
 *
 *   --runs <k>           traced loads of each (3)
 *   --pages visitor,bench
 *   --n <N>              machines on the stage (1000)
 *   --renderers ours,maplibre-symbol
 *   --static <dir>       our built page (dist; its source maps beside it, in <dir>-sourcemaps)
 *   --trees <dir>        the tree whose benchmark page is built (this one)
 *   --keep-traces <dir>  also write each raw trace there, for DevTools' Performance panel
 *
 * To compare builds, name several: `--static a=dist-a,b=dist-b --trees a=.,b=/tmp/tree-b`; their loads take turns
 * run by run, and each target is named with its build (`visitor cold [a]`).
 */
const ROOT = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: 'visitor,bench' },
    n: { type: 'string', default: '1000' },
    renderers: { type: 'string', default: 'ours,maplibre-symbol' },
    static: { type: 'string', default: process.env.RVM_STATIC ?? join(ROOT, 'dist') },
    trees: { type: 'string', default: ROOT },
    'keep-traces': { type: 'string' },
    out: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const PAGES = values.pages.split(',');
const N = Number(values.n);
const STAGE_RENDERERS = values.renderers.split(',') as RendererName[];
for (const name of STAGE_RENDERERS) if (!RENDERERS.includes(name)) throw new Error(`unknown renderer: ${name}`);
/** `label=dir,label=dir`, or one directory without a label. */
const builds = (list: string) =>
  list.split(',').map((entry) => {
    const [label, dir] = entry.includes('=') ? entry.split('=') : ['', entry];
    return { label: label!, dir: resolve(process.env.INIT_CWD ?? process.cwd(), dir!) };
  });
const STATICS = builds(values.static);
const TREES = builds(values.trees);
const named = (target: string, label: string) => (label ? `${target} [${label}]` : target);
const keepDir = values['keep-traces'] ? resolve(values['keep-traces']) : null;
if (keepDir) mkdirSync(keepDir, { recursive: true });
/** The stage as the bench page shows it: about 830 × 450 CSS px. */
const STAGE_VIEWPORT = { width: 830, height: 450 };
const STAGE_LIMIT_MS = 180_000;

const loadAverages = [loadavg()[0]!];
const runs: StartupRun[] = [];
const keep = (name: string) => (trace: Uint8Array, profile: object) => {
  if (!keepDir) return;
  writeFileSync(join(keepDir, `${name}.json`), trace);
  writeFileSync(join(keepDir, `${name}.cpuprofile`), JSON.stringify(profile));
};
/** The run as recorded: its WebGL calls go beside the raw trace (`--keep-traces`), not into the record. */
const recorded = (name: string, { calls, ...load }: TracedLoad) => {
  if (keepDir) writeFileSync(join(keepDir, `${name}-gl.json`), JSON.stringify(calls));
  return load;
};

if (PAGES.includes('visitor')) {
  const targets = STATICS.map(({ label, dir }) => ({
    label,
    dir,
    owners: sourceOwners(sourceMapsDirOf(dir)),
    mapChunk: basename(manifestEntry(readManifest(dir), MAP_KEY).file),
  }));
  for (let run = 0; run < RUNS; run++) {
    for (const { label, dir, owners, mapChunk } of targets) {
      process.env.RVM_STATIC = dir;
      await tracedVisits(async ({ page, cdp, url, visit }) => {
        await page.evaluateOnNewDocument(STARTUP_RECORDERS);
        const ready = async () => {
          await page.waitForFunction(() => (window.__startupSeen?.markersAt ?? 0) > 0, { timeout: 180_000 });
          return page.evaluate(() => window.__startupSeen!.markersAt!);
        };
        const name = `visitor-${visit}-${label || 'page'}-${run}`;
        const load = recorded(name, await traceLoad(page, cdp, `${url}/`, ready, mapChunk, owners, keep(name)));
        const target = named(`visitor ${visit}`, label);
        runs.push({ target, run, loadAverage: loadavg()[0]!, ...load });
        console.log(`${target} run ${run + 1}: every marker at ${load.everyMarkerMs.toFixed(0)} ms`);
      });
    }
  }
}

if (PAGES.includes('bench')) {
  // Each tree's benchmark page built with its source maps, apart from bench/dist (kept beside the traces when they are).
  const stages = [];
  for (const { label, dir: tree } of TREES) {
    const dist = keepDir
      ? join(keepDir, `bench-dist${label ? `-${label}` : ''}`)
      : mkdtempSync(join(tmpdir(), 'rvm-startup-bench-'));
    await build({
      configFile: join(tree, 'bench/vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: dist, emptyOutDir: true, sourcemap: true },
    });
    const assets = readdirSync(join(dist, 'assets'));
    // The chunk that carries MapLibre (with deck.gl for ours): the one whose source map lists maplibre-gl.
    const mapChunk =
      assets
        .filter((file) => file.endsWith('.js') && assets.includes(`${file}.map`))
        .find((file) =>
          readFileSync(join(dist, 'assets', `${file}.map`), 'utf8').includes('node_modules/maplibre-gl/dist/'),
        ) ?? '';
    stages.push({
      label,
      dist,
      mapChunk,
      owners: sourceOwners(dist),
      server: await serveStatic(dist, { htmlHeaders: PAGE_HEADERS }),
    });
  }
  const browser = await launchBrowser();
  try {
    for (let run = 0; run < RUNS; run++) {
      // Renderers and builds take turns, so a slower minute costs each alike.
      for (const renderer of STAGE_RENDERERS) {
        for (const { label, mapChunk, owners, server } of stages) {
          const context = await browser.createBrowserContext();
          try {
            const page = await context.newPage();
            await page.setViewport(STAGE_VIEWPORT);
            await page.evaluateOnNewDocument(STARTUP_RECORDERS);
            const cdp = await page.createCDPSession();
            // The stage's load step ends at its first frame with every marker; the machines' generation is added back.
            const ready = async () => {
              await page.waitForFunction(() => window.__stage !== undefined, { timeout: STAGE_LIMIT_MS });
              return page.evaluate(() =>
                window.__stage!.load.then((step) => step.drawnMs + window.__stage!.generateMs),
              );
            };
            const url = `${server.url}/${stageUrl({ renderer, n: N })}`;
            const name = `bench-${renderer}-${N}-${label || 'page'}-${run}`;
            const load = recorded(name, await traceLoad(page, cdp, url, ready, mapChunk, owners, keep(name)));
            const target = named(`bench ${renderer} ${N}`, label);
            runs.push({ target, run, loadAverage: loadavg()[0]!, ...load });
            console.log(`${target} run ${run + 1}: every marker at ${load.everyMarkerMs.toFixed(0)} ms`);
          } finally {
            await context.close();
          }
        }
      }
    }
  } finally {
    await browser.close();
    for (const { server, dist } of stages) {
      await server.close();
      if (!keepDir) rmSync(dist, { recursive: true, force: true });
    }
  }
}

loadAverages.push(loadavg()[0]!);
const browser = await launchBrowser();
const machine = await machineInfo(
  browser,
  CHROMIUM_ARGS.filter((arg) => /angle|swiftshader|gpu/.test(arg)),
);
await browser.close();
const at = new Date().toISOString();
const record: StartupRecord = {
  at,
  command: `npm run bench:startup -- ${process.argv.slice(2).join(' ')}`,
  machine,
  loadAverages,
  runs,
  summary: startupSummary(runs),
};
const out = values.out
  ? resolve(process.env.INIT_CWD ?? process.cwd(), values.out)
  : join(ROOT, 'bench/results', `${at.slice(0, 10)}-startup-${at.slice(11, 13)}${at.slice(14, 16)}.json`);
writeFileSync(out, `${JSON.stringify(record, null, 2)}\n`);
for (const target of record.summary) {
  console.log(`\n${target.target} (${target.runs} runs; medians, ms: start → end, main thread wall / CPU, GPU CPU)`);
  for (const p of target.phases)
    console.log(
      `  ${p.phase.padEnd(36)} ${p.startMs.toFixed(0).padStart(6)} → ${p.endMs.toFixed(0).padStart(6)}  ${p.workMs.toFixed(0).padStart(5)} / ${p.cpuMs.toFixed(0).padStart(5)}, ${p.gpuMs.toFixed(0).padStart(5)}`,
    );
  const b = target.budget;
  const range = ({ median: m, min, max }: { median: number; min: number; max: number }) =>
    `${m.toFixed(0)} (${min.toFixed(0)}–${max.toFixed(0)})`;
  const { spread } = target;
  console.log(
    `  every marker ${range(spread.everyMarkerMs)}; from the chunk: main-thread CPU ${range(spread.cpuMs)}, GPU process CPU ${range(spread.gpuCpuMs)}`,
  );
  console.log(
    `  main thread from ${b.fromMs.toFixed(0)} to ${b.toMs.toFixed(0)}: busy ${b.busyMs.toFixed(0)}, CPU ${b.cpuMs.toFixed(0)}; GPU process CPU ${b.gpuCpuMs.toFixed(0)}`,
  );
  console.log(
    `  WebGL calls: ${Object.entries(b.gl)
      .map(([owner, ms]) => `${owner} ${ms.toFixed(0)}`)
      .join(', ')}`,
  );
  console.log(
    `  by owner: ${b.byOwner
      .slice(0, 12)
      .map((o) => `${o.owner} ${o.ms.toFixed(0)}`)
      .join(', ')}`,
  );
}
console.log(`\nwrote ${out}`);
