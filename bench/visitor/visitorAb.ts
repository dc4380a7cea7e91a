import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { launchBrowser, ROOT, startServer, type RunningServer } from '../../testkit/browser/harness';
import { median } from '../stats';
import { loadAsVisitor, watchServiceWorkers, type VisitorLoad } from './visitorLoad';

/**
 * `tsx bench/visitor/visitorAb.ts`: our page's visitor loads (bench/visitor/visitorLoad.ts, CPU as is) for two or more
 * builds in one run, interleaved (run 1 of each build, then run 2 of each in the reverse order, ...), so that a change
 * is compared under the same machine load. VISITOR_AB names the builds, `label=dir,label=dir` (e.g.
 * `before=/tmp/dist-a,after=dist`); each is served by its own real server. VISITOR_RUNS (5) runs of each, a cold and a
 * warm load per run. Writes `<date>-visitor-ab-<UTC hhmm>.json` to BENCH_OUT (bench/results) and prints medians.
 */
const OUT = resolve(process.env.BENCH_OUT ?? join(ROOT, 'bench/results'));
const RUNS = Number(process.env.VISITOR_RUNS ?? 5);
const TIMEOUT_MS = 120_000;
const builds = (process.env.VISITOR_AB ?? '').split(',').map((entry) => {
  const [label = '', dir = ''] = entry.split('=');
  return { label, dir: resolve(dir) };
});
if (builds.length < 2 || builds.some((b) => !b.label || !b.dir)) throw new Error('VISITOR_AB=label=dir,label=dir');

const servers: RunningServer[] = [];
const browser = await launchBrowser();
try {
  for (const build of builds) servers.push(await startServer({ RVM_STATIC: build.dir }));
  const loads = builds.map(() => ({ cold: [] as VisitorLoad[], warm: [] as VisitorLoad[] }));
  for (let run = 0; run < RUNS; run++) {
    // Each run turns the order around: a build loaded right after another starts on a warmer machine.
    const order = run % 2 === 0 ? [...builds.keys()] : [...builds.keys()].reverse();
    for (const i of order) {
      const build = builds[i]!;
      const context = await browser.createBrowserContext();
      const serviceWorkers = watchServiceWorkers(context);
      const target = { kind: 'ours', url: `${servers[i]!.url}/` } as const;
      try {
        loads[i]!.cold.push(await loadAsVisitor(context, target, 1, TIMEOUT_MS, serviceWorkers));
        loads[i]!.warm.push(await loadAsVisitor(context, target, 1, TIMEOUT_MS, serviceWorkers));
      } finally {
        await context.close();
      }
      const short = (l: VisitorLoad | undefined) =>
        `list ${l?.firstListMachineMs?.toFixed(0)} markers ${l?.everyMarkerMs?.toFixed(0)} bytes ${l?.bytes} ` +
        `(script ${l?.shellScriptMs?.toFixed(0)}, list answer ${l?.listAnswerMs?.toFixed(0)})`;
      console.log(
        `run ${run + 1} ${build.label}: cold ${short(loads[i]!.cold.at(-1))}; warm ${short(loads[i]!.warm.at(-1))}`,
      );
    }
  }
  type Key = 'firstListMachineMs' | 'everyMarkerMs' | 'readyMs' | 'bytes' | 'shellScriptMs' | 'listAnswerMs';
  const med = (list: VisitorLoad[], key: Key) => {
    const values = list.map((l) => l[key]).filter((v): v is number => typeof v === 'number');
    return values.length ? median(values) : null;
  };
  const metrics = (list: VisitorLoad[]) => ({
    list: med(list, 'firstListMachineMs'),
    markers: med(list, 'everyMarkerMs'),
    ready: med(list, 'readyMs'),
    bytes: med(list, 'bytes'),
    script: med(list, 'shellScriptMs'),
    listAnswer: med(list, 'listAnswerMs'),
  });
  const summary = builds.map((build, i) => ({
    label: build.label,
    dir: build.dir,
    cold: metrics(loads[i]!.cold),
    warm: metrics(loads[i]!.warm),
  }));
  mkdirSync(OUT, { recursive: true });
  const at = new Date().toISOString();
  writeFileSync(
    join(OUT, `${at.slice(0, 10)}-visitor-ab-${at.slice(11, 13)}${at.slice(14, 16)}.json`),
    `${JSON.stringify({ at, runs: RUNS, loadAverage: loadavg()[0], summary, loads }, null, 2)}\n`,
  );
  for (const s of summary) console.log(JSON.stringify(s));
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
