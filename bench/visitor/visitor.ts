import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { MAP_KEY, manifestEntry, readManifest } from '../../scripts/bundle/manifest';
import { stageUrl } from '../stage/stageParams';
import { CHROMIUM_ARGS, launchBrowser, startServer } from '../../testkit/browser/harness';
import { machineInfo } from '../machineInfo';
import { serveStatic } from '../../testkit/browser/staticServer';
import {
  loadAsVisitor,
  PHONE_NETWORK,
  TILE_DELAY_MS,
  watchServiceWorkers,
  type Target,
  type VisitorLoad,
} from './visitorLoad';
import { visitorReport, type VisitorCase } from './visitorReport';

/**
 * `npm run bench:visitor`: page loads as a visitor on a phone network pays them (PHONE_NETWORK), cold (empty
 * cache) and warm (a repeat visit in the same browser profile), with the CPU as is and slowed 4×: our page as
 * served by the real server with the demo data, the Leaflet alternative page with as many machines, and the
 * basemap floor. Needs `npm run build` and `npm run bench:build`. VISITOR_RUNS sets the runs per case (3),
 * VISITOR_PAGES (`ours,leaflet,basemap`) and VISITOR_CPU (`1,4`) a part of the run.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const OUT = resolve(process.env.BENCH_OUT ?? join(ROOT, 'bench/results'));
const RUNS = Number(process.env.VISITOR_RUNS ?? 3);
const PAGES = (process.env.VISITOR_PAGES ?? 'ours,leaflet,basemap').split(',') as VisitorCase['page'][];
const CPU_SLOWDOWNS = (process.env.VISITOR_CPU ?? '1,4').split(',').map(Number);
const TIMEOUT_MS = 120_000;

const demo = JSON.parse(readFileSync(join(ROOT, 'assets/demo/machines.json'), 'utf8')) as unknown[];
const product = await startServer();
const benchPages = await serveStatic(join(ROOT, 'bench/dist'), { compressed: true });
const browser = await launchBrowser();
const started = Date.now();
try {
  const targets: Record<VisitorCase['page'], Target> = {
    ours: {
      kind: 'ours',
      url: `${product.url}/`,
      mapChunk: basename(manifestEntry(readManifest(join(ROOT, 'dist')), MAP_KEY).file),
    },
    // The benchmark page's stage, alone: the Leaflet page with as many machines, and the basemap with none.
    leaflet: { kind: 'bench', url: `${benchPages.url}/${stageUrl({ renderer: 'leaflet', n: demo.length })}` },
    basemap: { kind: 'bench', url: `${benchPages.url}/${stageUrl({ renderer: 'maplibre-symbol', n: 0 })}` },
  };
  const cases: VisitorCase[] = [];
  for (const cpuSlowdown of CPU_SLOWDOWNS) {
    for (const page of PAGES) {
      const cold: VisitorLoad[] = [];
      const warm: VisitorLoad[] = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.createBrowserContext();
        const serviceWorkers = watchServiceWorkers(context);
        try {
          cold.push(await loadAsVisitor(context, targets[page], cpuSlowdown, TIMEOUT_MS, serviceWorkers));
          warm.push(await loadAsVisitor(context, targets[page], cpuSlowdown, TIMEOUT_MS, serviceWorkers));
        } finally {
          await context.close();
        }
        console.log(`${page} cpu ${cpuSlowdown}× run ${run + 1}: cold ${JSON.stringify(cold.at(-1))}`);
        console.log(`${page} cpu ${cpuSlowdown}× run ${run + 1}: warm ${JSON.stringify(warm.at(-1))}`);
      }
      cases.push({ page, cpuSlowdown, visit: 'cold', loads: cold }, { page, cpuSlowdown, visit: 'warm', loads: warm });
    }
  }
  const report = {
    at: new Date().toISOString(),
    minutes: (Date.now() - started) / 60_000,
    machine: await machineInfo(
      browser,
      CHROMIUM_ARGS.filter((arg) => /angle|swiftshader|gpu/.test(arg)),
    ),
    network: PHONE_NETWORK,
    tileDelayMs: TILE_DELAY_MS,
    machines: demo.length,
    cases,
  };
  mkdirSync(OUT, { recursive: true });
  // Named by the run's date and UTC time, so that a second run on one day keeps the first.
  const stamp = `${report.at.slice(0, 10)}-visitor-${report.at.slice(11, 13)}${report.at.slice(14, 16)}`;
  writeFileSync(join(OUT, `${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
  const markdown = visitorReport(report);
  writeFileSync(join(OUT, `${stamp}.md`), markdown);
  console.log(markdown);
} finally {
  await browser.close();
  await benchPages.close();
  await product.stop();
}
