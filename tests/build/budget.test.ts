import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBudgetServer, type BudgetServer } from '../../scripts/bundle/budgetServer';
import {
  CHUNK_BUDGET_KB,
  CONSOLE_FIRST_LOAD_ALLOWANCE_BYTES,
  FIRST_SCREEN_BEFORE_CONSOLE_BYTES,
  FIRST_SCREEN_BUDGET_BYTES,
  MAP_BUDGET_BYTES,
} from '../../scripts/bundle/budgets';
import { measureBudgets, totalBytes, type Budgets } from '../../scripts/bundle/measure';
import { sourceMapsDirOf } from '../../scripts/vite/privateSourceMaps';
import { DIST } from './dist';

const SOURCE_MAPS_DIR = sourceMapsDirOf(DIST);

let server: BudgetServer;
let budgets: Budgets;

beforeAll(async () => {
  server = await startBudgetServer(DIST);
  budgets = await measureBudgets(server.app, DIST);
});
afterAll(() => server.close());

const COMPRESSIBLE = /(\.(html|m?js|css|json)|\/|\/api\/rvm\/)$/;

describe('bytes a visitor downloads (Brotli, demo data)', () => {
  it(`keeps what the English page needs before the Location List shows machines within ${FIRST_SCREEN_BUDGET_BYTES} bytes`, () => {
    const urls = budgets.firstScreen.map((transfer) => transfer.url);
    expect(urls).toContain('/api/rvm/');
    expect(urls.some((url) => url.endsWith('.woff2'))).toBe(true);
    expect(totalBytes(budgets.firstScreen)).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_BYTES);
  });

  it(`grows by at most ${CONSOLE_FIRST_LOAD_ALLOWANCE_BYTES} bytes for the operator console (${FIRST_SCREEN_BEFORE_CONSOLE_BYTES} bytes before it)`, () => {
    expect(totalBytes(budgets.firstScreen)).toBeLessThanOrEqual(
      FIRST_SCREEN_BEFORE_CONSOLE_BYTES + CONSOLE_FIRST_LOAD_ALLOWANCE_BYTES,
    );
  });

  it('loads no map, opening-hours parser or CJK font before the list', () => {
    const urls = budgets.firstScreen.map((transfer) => transfer.url).join(' ');
    expect(urls).not.toMatch(/MapView|maplibre|opening_hours|noto-sans/);
  });

  it(`keeps the map chunk (MapLibre's worker inside it) and what it alone imports within ${MAP_BUDGET_BYTES} bytes`, () => {
    const urls = budgets.map.map((transfer) => transfer.url).join(' ');
    expect(urls).toMatch(/MapView-[\w-]+\.js/);
    expect(urls).toMatch(/MapView-[\w-]+\.css/);
    expect(totalBytes(budgets.map)).toBeLessThanOrEqual(MAP_BUDGET_BYTES);
  });

  it('receives every text file and the list call in Brotli', () => {
    const compressible = [...budgets.firstScreen, ...budgets.map].filter(
      (transfer) => COMPRESSIBLE.test(transfer.url) && transfer.bytes > 1000,
    );
    expect(compressible.length).toBeGreaterThan(5);
    for (const transfer of compressible) expect(transfer.encoding, transfer.url).toBe('br');
  });
});

describe('the chunks', () => {
  it(`keep every script within ${CHUNK_BUDGET_KB} kB minified, where the build would warn`, () => {
    const scripts = readdirSync(path.join(DIST, 'assets')).filter((name) => name.endsWith('.js'));
    const bytes = new Map(scripts.map((name) => [name, statSync(path.join(DIST, 'assets', name)).size]));
    expect([...bytes.keys()].some((name) => name.startsWith('MapView-'))).toBe(true);
    expect([...bytes].filter(([, size]) => size > CHUNK_BUDGET_KB * 1000)).toEqual([]);
  });

  const sources = readdirSync(path.join(SOURCE_MAPS_DIR, 'assets'))
    .filter((name) => name.endsWith('.js.map'))
    .map((name) => ({
      chunk: name,
      sources: (JSON.parse(readFileSync(path.join(SOURCE_MAPS_DIR, 'assets', name), 'utf8')) as { sources: string[] })
        .sources,
    }));

  it('hold each module once', () => {
    const chunkOf = new Map<string, string>();
    for (const { chunk, sources: files } of sources) {
      for (const file of files) {
        expect(chunkOf.get(file) ?? chunk, file).toBe(chunk);
        chunkOf.set(file, chunk);
      }
    }
    expect(chunkOf.size).toBeGreaterThan(100);
  });

  it("leave out luma.gl's GPU compute package, which deck.gl uses on WebGPU only", () => {
    const files = sources.flatMap((map) => map.sources);
    expect(files.some((file) => file.includes('node_modules/@deck.gl/core/'))).toBe(true);
    expect(files.filter((file) => file.includes('node_modules/@luma.gl/gpgpu/'))).toEqual([]);
  });

  it('hold one copy of each library', () => {
    const folders = new Map<string, Set<string>>();
    for (const file of sources.flatMap((map) => map.sources)) {
      const match = /^(.*node_modules\/)((?:@[^/]+\/)?[^/]+)/.exec(file);
      if (!match) continue;
      const [, folder = '', name = ''] = match;
      folders.set(name, (folders.get(name) ?? new Set()).add(folder));
    }
    const duplicated = [...folders].filter(([, found]) => found.size > 1).map(([name]) => name);
    expect(duplicated).toEqual([]);
  });
});
