import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, openPage, DESKTOP } from '../../testkit/browser/harness';
import { serveStatic } from '../../testkit/browser/staticServer';
import { FIGURES } from '../charts/chartRows';
import { formatMs, shortCount } from '../record/format';
import type { RunRecord } from '../record/record';
import { machineInfo } from '../machineInfo';
import { PAGE_HEADERS } from '../stage/pageHeaders';
import { RENDERER_LABELS } from '../stage/stageApi';
import { median } from '../stats';
import { buildAgainst } from './againstCommit';
import { recordOf, runOnPage } from './drivePage';
import { parseOptions, USAGE } from './options';

/**
 * `npm run bench`: the benchmark page driven through puppeteer, by its own controls, run after run; the record
 * it writes is the page's own (what "Download JSON" gives), with every run's and the machine's notes.
 */
const BENCH = resolve(import.meta.dirname, '..');
const DIST = join(BENCH, 'dist');
const options = (() => {
  try {
    return parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
})();

// Software WebGL (SwiftShader) as in the browser tests, unless --gl names other flags.
const SOFTWARE_GL_ARGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
const GL_ARGS = options.glArgs ?? SOFTWARE_GL_ARGS;
const BROWSER_ARGS = [...CHROMIUM_ARGS.filter((arg) => !SOFTWARE_GL_ARGS.includes(arg)), ...GL_ARGS];
/**
 * A run is stuck when no step came for this long: a step's own limit, the page's longest wait for a quiet map
 * before it (120 s at 1M), and a minute of slack.
 */
const STALL_S = options.stepTimeoutS + 180;

if (options.build) await build({ configFile: join(BENCH, 'vite.config.ts'), logLevel: 'warn' });
const against = options.against ? buildAgainst(options.against) : null;
const builds = [
  { name: 'this tree', server: await serveStatic(DIST, { htmlHeaders: PAGE_HEADERS }) },
  ...(against
    ? [{ name: against.commit, server: await serveStatic(against.dist, { htmlHeaders: PAGE_HEADERS }) }]
    : []),
];

// No CDP call limit: a frame of 1M markers in software WebGL holds the page for long; each run has its own.
const launch = () =>
  puppeteer.launch({
    executablePath: process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: BROWSER_ARGS,
    protocolTimeout: 0,
  });
let browser: Browser = await launch();
const notes = {
  ...(await machineInfo(browser, GL_ARGS)),
  command: `npm run bench -- ${process.argv.slice(2).join(' ')}`,
};

const openBenchPage = async (url: string): Promise<Page> => {
  const { page } = await openPage(browser, `${url}/?stepTimeoutS=${options.stepTimeoutS}`, {
    viewport: DESKTOP,
    motion: true,
  });
  await page.waitForFunction(() => window.__benchPage !== undefined);
  await page.evaluate((n) => window.__benchPage!.setNotes(n), notes);
  buildNames[pages.length] = await page.evaluate(() => window.__benchPage!.record().page.build);
  return page;
};
const pages: Page[] = [];
/** The commit each build's page was built from, read once it opens (a stuck page answers nothing). */
const buildNames: string[] = [];
for (const { server } of builds) pages.push(await openBenchPage(server.url));

const started = Date.now();
const runs: RunRecord[] = [];
/** Renderers that did not finish at some N are not tried at larger N. */
const gaveUp = new Map<string, string>();
for (const n of options.sizes) {
  // Renderers (and builds) take turns run by run, so a slower minute on the machine costs each alike.
  for (let k = 0; k < options.runsAt(n); k++) {
    for (const renderer of options.renderers) {
      for (const [i, { name }] of builds.entries()) {
        const key = builds.length > 1 ? `${renderer}@${name}` : renderer;
        if (gaveUp.has(key)) continue;
        const t0 = Date.now();
        const request = { renderer, n, scenario: options.scenario };
        const run = await runOnPage(pages[i]!, request, STALL_S);
        const took = `${((Date.now() - t0) / 1000).toFixed(0)} s`;
        if (run) {
          runs.push(run);
          console.log(`${key} ${shortCount(n)} run ${k + 1}: ${took}${run.error ? ` (${run.error})` : ''}`);
          if (run.error) gaveUp.set(key, `${run.error} at ${shortCount(n)}`);
        } else {
          console.log(`${key} ${shortCount(n)} run ${k + 1}: stuck after ${took}; a fresh browser goes on`);
          gaveUp.set(key, `stuck at ${shortCount(n)}`);
          // In the record too, as the page would have ended it had its main thread been free to.
          const build = buildNames[i] ?? 'unknown';
          const error = `stuck: no step for ${STALL_S} s (the page's main thread was held)`;
          runs.push({
            ...request,
            build,
            startedAt: new Date(t0).toISOString(),
            generateMs: null,
            steps: [],
            notes: [],
            error,
          });
          await browser.close().catch(() => undefined);
          browser = await launch();
          pages.splice(0, pages.length);
          for (const { server } of builds) pages.push(await openBenchPage(server.url));
        }
      }
    }
  }
}

const record = await recordOf(pages[0]!, runs);
record.notes = { ...record.notes, minutes: Math.round((Date.now() - started) / 60_000) };
for (const [key, why] of gaveUp) record.notes[`gave up: ${key}`] = why;
await browser.close();
for (const { server } of builds) await server.close();
against?.remove();

const at = record.createdAt;
// A path given on the command line is from where npm was run, not from this workspace.
const out = options.out
  ? resolve(process.env.INIT_CWD ?? process.cwd(), options.out)
  : join(BENCH, 'results', `${at.slice(0, 10)}-bench-${at.slice(11, 13)}${at.slice(14, 16)}.json`);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(record, null, 2)}\n`);

// A summary to read at once: medians per renderer and N.
const rows = new Map<string, RunRecord[]>();
for (const run of runs)
  rows.set(`${run.renderer}\t${run.build}\t${run.n}`, [
    ...(rows.get(`${run.renderer}\t${run.build}\t${run.n}`) ?? []),
    run,
  ]);
const cell = (group: RunRecord[], figure: keyof typeof FIGURES) => {
  const values = group.map(FIGURES[figure]).filter((v): v is number => v !== null);
  return values.length ? formatMs(median(values)) : '—';
};
console.log(
  `\n${record.browser.gpu?.renderer ?? 'no WebGL'}\nrenderer\tbuild\tN\truns\tmarkers drawn\tfilter JS\tpan frame p50\tp95`,
);
for (const [key, group] of rows) {
  const [renderer, build, n] = key.split('\t');
  console.log(
    [
      RENDERER_LABELS[renderer as RunRecord['renderer']],
      build,
      shortCount(Number(n)),
      group.length,
      cell(group, 'markersDrawnMs'),
      cell(group, 'filterJsMs'),
      cell(group, 'panFrameP50Ms'),
      cell(group, 'panFrameP95Ms'),
    ].join('\t'),
  );
}
console.log(`\nwrote ${out}`);
