import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM_ARGS } from '../tests/browser/harness';
import { IMPLS, type Impl } from './benchApi';
import { machineInfo } from './machineInfo';
import { planFromEnv, scenarioFor } from './plan';
import { markdownReport, summariseRuns, type PageResult } from './report';
import { DidNotFinish, runPage, type RunResult } from './runPage';
import { serveStatic } from '../tests/browser/staticServer';
import { TRACING } from './stepMetrics';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = resolve(process.env.BENCH_DIST ?? join(ROOT, 'bench/dist'));
const OUT = resolve(process.env.BENCH_OUT ?? join(ROOT, 'bench/results'));
const plan = planFromEnv(process.env.BENCH_PLAN);

// Software WebGL (SwiftShader) as in the browser tests, unless BENCH_GL_ARGS names other GL flags: on a machine
// with a GPU, e.g. BENCH_GL_ARGS='--use-angle=vulkan --enable-features=Vulkan'. The report names the renderer used.
const SOFTWARE_GL_ARGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
const GL_ARGS = process.env.BENCH_GL_ARGS?.split(/\s+/).filter(Boolean) ?? SOFTWARE_GL_ARGS;
const BROWSER_ARGS = [...CHROMIUM_ARGS.filter((arg) => !SOFTWARE_GL_ARGS.includes(arg)), ...GL_ARGS];

// The harness's browser, without CDP's 3-minute call limit: a frame with 1M markers in software GL is slow,
// and every step has its own timeout here.
const launchBrowser = () =>
  puppeteer.launch({
    executablePath: process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: BROWSER_ARGS,
    protocolTimeout: 0,
  });

const started = Date.now();
const server = await serveStatic(DIST);
let browser: Browser = await launchBrowser();
const machine = await machineInfo(browser, GL_ARGS);
const results = new Map<string, PageResult>();
const gaveUp = new Map<Impl, string>();

const sizes = [...new Set(IMPLS.flatMap((impl) => plan[impl].sizes.map((s) => s.n)))].sort((a, b) => a - b);
for (const n of sizes) {
  const maxRuns = Math.max(...IMPLS.map((impl) => plan[impl].sizes.find((s) => s.n === n)?.runs ?? 0));
  // Pages take turns run by run, so a slower minute on the machine costs every page alike.
  for (let run = 0; run < maxRuns; run++) {
    for (const impl of IMPLS) {
      const size = plan[impl].sizes.find((s) => s.n === n);
      if (!size || run >= size.runs) continue;
      const key = `${impl}:${n}`;
      const result = results.get(key) ?? { impl, n, runs: [] as RunResult[] };
      results.set(key, result);
      const stop = gaveUp.get(impl);
      if (stop) {
        result.dnf ??= `not attempted: ${stop}`;
        continue;
      }
      const t0 = Date.now();
      try {
        result.runs.push(await runPage(browser, server.url, impl, n, plan[impl].timeoutS, scenarioFor(n)));
        console.log(`${impl} n=${n} run ${run + 1}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      } catch (error) {
        if (!(error instanceof DidNotFinish)) throw error;
        result.dnf = error.message;
        gaveUp.set(impl, `${error.message} at ${n.toLocaleString('en')}`);
        console.log(`${impl} n=${n}: ${error.message}`);
        // A page stuck in a long task may not close cleanly: start from a fresh browser.
        await browser.close().catch(() => undefined);
        browser = await launchBrowser();
      }
    }
  }
}
await browser.close();
await server.close();

const pages = [...results.values()].map(summariseRuns);
const report = {
  machine,
  durationS: Math.round((Date.now() - started) / 1000),
  plan,
  traced: TRACING,
  pages,
};
mkdirSync(OUT, { recursive: true });
// Named by the run's date and UTC time: no file called "latest" to go stale beside newer runs.
const stamp = `${machine.date.slice(0, 10)}-bench-${machine.date.slice(11, 13)}${machine.date.slice(14, 16)}`;
writeFileSync(join(OUT, `${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
const markdown = markdownReport(report);
writeFileSync(join(OUT, `${stamp}.md`), markdown);
console.log(markdown);
