/**
 * Unit-level benchmark of the pure parts over 1M machines: the packed filter against the plain one over
 * objects, and the text search strategies keystroke by keystroke. Every answer is checked against the
 * plain scan. `npm run bench:filter` (BENCH_FILTER_N to change N); writes bench/results/filter.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { filterPacked, type CodeCriteria } from '../../src/filters/filterResult';
import { packMachines } from '../../src/machines/packedMachines';
import { buildSearchIndex, normaliseSearchText } from '../../src/machines/searchIndex';
import { filterMachines, NO_FILTER } from '../../testkit/reference/referenceFilter';
import { createTextMatcher } from '../../src/filters/textSearch';
import type { Locale } from '../../shared/machine';
import { FILTERS, SEARCH_TEXT } from '../stage/stageApi';
import { bigramScan, buildBigrams, buildJoined, joinedScan, plainScan } from './searchStrategies';
import { summarise, type Summary } from '../stats';
import { syntheticMachines } from '../../testkit/fixtures/syntheticMachines';

const N = Number(process.env.BENCH_FILTER_N ?? 1_000_000);
const REPS = 5;
const OUT = resolve(import.meta.dirname, '../results');

function once<T>(fn: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = fn();
  return { value, ms: performance.now() - start };
}

function timed(fn: () => unknown, reps = REPS): Summary {
  fn(); // warm up the JIT
  const times: number[] = [];
  for (let r = 0; r < reps; r++) times.push(once(fn).ms);
  return summarise(times);
}

function sameIndices(a: Uint32Array, b: Uint32Array, what: string): void {
  if (a.length !== b.length || a.some((v, i) => v !== b[i]))
    throw new Error(`${what}: answers differ from the plain scan`);
}

const round = (s: Summary) => ({ median: +s.median.toFixed(2), min: +s.min.toFixed(2), max: +s.max.toFixed(2) });

console.log(`generating ${N.toLocaleString('en')} machines…`);
const generated = once(() => syntheticMachines(N));
const machines = generated.value;
const packed = once(() => packMachines(machines));

const filters = (Object.entries(FILTERS) as [string, CodeCriteria][]).map(([name, codes]) => {
  const index: string[] = [];
  const plain = filterMachines(machines, index, { ...NO_FILTER, ...codes });
  const ours = filterPacked(machines, packed.value, codes, null);
  if (plain.length !== ours.count || plain.some((m, k) => m !== machines[ours.indices[k]!]))
    throw new Error(`filter ${name} differs`);
  return {
    name,
    shown: ours.count,
    plainObjectsMs: round(timed(() => filterMachines(machines, index, { ...NO_FILTER, ...codes }))),
    packedMs: round(timed(() => filterPacked(machines, packed.value, codes, null))),
  };
});

const SEARCHES: { locale: Locale; text: string }[] = [
  { locale: 'en', text: SEARCH_TEXT },
  { locale: 'zht', text: '沙田正街' },
];

const search = SEARCHES.map(({ locale, text }) => {
  const index = once(() => buildSearchIndex(machines, locale));
  const joined = once(() => buildJoined(index.value));
  const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const bigrams = once(() => buildBigrams(index.value));
  const bigramMB = (process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heapBefore) / 2 ** 20;

  const prefixes = Array.from(text, (_, k) => normaliseSearchText(text.slice(0, k + 1))).filter(Boolean);
  // Narrowing depends on the keystrokes before, so each repetition types the whole word with a new matcher.
  const narrowing: number[][] = prefixes.map(() => []);
  const product: number[][] = prefixes.map(() => []);
  for (let r = 0; r < REPS; r++) {
    const match = createTextMatcher(index.value);
    prefixes.forEach((q, k) => narrowing[k]!.push(once(() => match(q)).ms));
    const matchForFilter = createTextMatcher(index.value);
    prefixes.forEach((q, k) =>
      product[k]!.push(once(() => filterPacked(machines, packed.value, FILTERS.reset, matchForFilter(q))).ms),
    );
  }
  const keystrokes = prefixes.map((q, k) => {
    const expected = plainScan(index.value, q);
    sameIndices(createTextMatcher(index.value)(q), expected, `narrowing '${q}'`);
    sameIndices(joinedScan(joined.value, q), expected, `joined '${q}'`);
    sameIndices(bigramScan(bigrams.value, q), expected, `bigram '${q}'`);
    return {
      query: q,
      matches: expected.length,
      plainScanMs: round(timed(() => plainScan(index.value, q))),
      narrowingMs: round(summarise(narrowing[k]!)),
      joinedMs: round(timed(() => joinedScan(joined.value, q))),
      bigramMs: round(timed(() => bigramScan(bigrams.value, q))),
      plainFilterOverObjectsMs: round(
        timed(() => filterMachines(machines, index.value, { ...NO_FILTER, query: q }), 3),
      ),
      productFilterMs: round(summarise(product[k]!)),
    };
  });
  const total = (pick: (k: (typeof keystrokes)[number]) => { median: number }) =>
    +keystrokes.reduce((t, k) => t + pick(k).median, 0).toFixed(1);
  return {
    locale,
    typed: text,
    build: {
      searchIndexMs: +index.ms.toFixed(0),
      joinedMs: +joined.ms.toFixed(0),
      bigramMs: +bigrams.ms.toFixed(0),
      bigramMB: +bigramMB.toFixed(0),
    },
    keystrokes,
    wholeWordMs: {
      plainScan: total((k) => k.plainScanMs),
      narrowing: total((k) => k.narrowingMs),
      joined: total((k) => k.joinedMs),
      bigram: total((k) => k.bigramMs),
    },
  };
});

const report = {
  machine: {
    cpu: cpus()[0]?.model.trim(),
    cores: cpus().length,
    node: process.version,
    date: new Date().toISOString(),
  },
  n: N,
  build: { generateMs: +generated.ms.toFixed(0), packMs: +packed.ms.toFixed(0) },
  filters,
  search,
};
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'filter.json'), `${JSON.stringify(report, null, 2)}\n`);

console.log(`packing ${N.toLocaleString('en')} machines: ${report.build.packMs} ms`);
console.table(
  filters.map((f) => ({
    filter: f.name,
    shown: f.shown,
    'plain over objects (ms)': f.plainObjectsMs.median,
    'packed (ms)': f.packedMs.median,
  })),
);
for (const s of search) {
  console.log(
    `search index ${s.locale}: ${s.build.searchIndexMs} ms; joined string ${s.build.joinedMs} ms; bigrams ${s.build.bigramMs} ms, ${s.build.bigramMB} MB`,
  );
  console.table(
    s.keystrokes.map((k) => ({
      query: k.query,
      matches: k.matches,
      'plain scan': k.plainScanMs.median,
      narrowing: k.narrowingMs.median,
      joined: k.joinedMs.median,
      bigram: k.bigramMs.median,
      'plain filter': k.plainFilterOverObjectsMs.median,
      'product filter': k.productFilterMs.median,
    })),
  );
  console.log('whole word (ms):', s.wholeWordMs);
}
