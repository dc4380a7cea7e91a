// How much one instance per marker costs in this browser's WebGL against a plain triangle list:
// the measurement behind docs/decisions/0005. `npm run bench:instancing`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS } from '../tests/browser/harness';
import { QUADS_PAGE } from './quadsPage';
import { median } from './stats';

const SIZES = [1_000, 10_000, 100_000];
const WAYS = ['instanced', 'triangles'] as const;
const ROUNDS = 3;
const FRAMES = 9;
const OUT = resolve(process.env.BENCH_OUT ?? join(import.meta.dirname, 'results'));

const browser = await puppeteer.launch({
  executablePath: process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: CHROMIUM_ARGS,
  protocolTimeout: 0,
});
const renderer = await (await browser.newPage()).evaluate(() => {
  const gl = document.createElement('canvas').getContext('webgl2');
  const info = gl?.getExtension('WEBGL_debug_renderer_info');
  return gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'no WebGL2';
});

const results: { n: number; instancedMs: number; trianglesMs: number; ratio: number }[] = [];
for (const n of SIZES) {
  const page = await browser.newPage();
  await page.setContent(QUADS_PAGE);
  await page.evaluate((count) => (window as unknown as { setUp(n: number): void }).setUp(count), n);
  const samples: Record<(typeof WAYS)[number], number[]> = { instanced: [], triangles: [] };
  // Alternating, so a slow moment costs both ways alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const way of WAYS) {
      const ms = await page.evaluate(
        (w, frames) => (window as unknown as { frameMs(w: string, f: number): number }).frameMs(w, frames),
        way,
        FRAMES,
      );
      samples[way].push(ms);
    }
  }
  await page.close();
  const instancedMs = median(samples.instanced);
  const trianglesMs = median(samples.triangles);
  results.push({ n, instancedMs, trianglesMs, ratio: instancedMs / trianglesMs });
  console.log(`${n.toLocaleString('en')} quads: instanced ${instancedMs.toFixed(0)} ms, triangles ${trianglesMs.toFixed(0)} ms per frame`);
}
await browser.close();

mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'instancing.json'), `${JSON.stringify({ renderer, date: new Date().toISOString(), results }, null, 2)}\n`);
