/**
 * Unit-level benchmark of one live status change over 1M machines: packing the whole list again (what a
 * change costs without patching) against patching the packing from the one before (repackMachines), and the
 * same for the search index; plus the id lookup. Every patched result is
 * checked against a full build. `npm run bench:live` (BENCH_LIVE_N to change N); writes
 * bench/results/live.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { filterPacked } from '../../src/filters/filterResult';
import { packMachines, type PackedMachines } from '../../src/machines/packedMachines';
import { buildSearchIndex, nextSearchIndex } from '../../src/machines/searchIndex';
import { repackMachines } from '../../src/machines/repackMachines';
import { loadedFeed, replaceMachine } from '../../src/machines/feedList';
import type { Machine, Status } from '../../shared/machine';
import { idRows, machineLookup } from '../../src/machines/machineRows';
import { summarise, type Summary } from '../stats';
import { mulberry32, syntheticMachines } from '../../testkit/fixtures/syntheticMachines';

const N = Number(process.env.BENCH_LIVE_N ?? 1_000_000);
const REPS = 9;
const OUT = resolve(import.meta.dirname, '../results');
const STATUSES: Status[] = ['Full', '<=5%', '>40%'];
const AVAILABLE = { statusGroup: 'available', area: null, district: null } as const;

function once<T>(fn: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = fn();
  return { value, ms: performance.now() - start };
}

const stats = (values: number[]) => {
  const s: Summary = summarise(values);
  return { median: +s.median.toFixed(3), min: +s.min.toFixed(3), max: +s.max.toFixed(3), runs: s.runs };
};

function sameColumns(a: PackedMachines, b: PackedMachines): void {
  for (const c of ['positions', 'stateCodes', 'areaCodes', 'districtCodes', 'groupCodes'] as const) {
    const x = a[c];
    const y = b[c];
    if (x.length !== y.length || x.some((v, i) => !Object.is(v, y[i])))
      throw new Error(`${c} differs from a full packing`);
  }
}

console.log(`generating ${N.toLocaleString('en')} machines…`);
const machines: readonly Machine[] = syntheticMachines(N);
const random = mulberry32(7);

packMachines(machines); // warm up the JIT
const fullPack = Array.from({ length: REPS }, () => once(() => packMachines(machines)).ms);
const fullIndex = Array.from({ length: 3 }, () => once(() => buildSearchIndex(machines, 'en')).ms);
const byIdMap = Array.from({ length: 3 }, () => once(() => idRows(machines)).ms);

let feed = loadedFeed(machines);
let packed = packMachines(feed.machines);
let index = nextSearchIndex(undefined, feed, 'en', null);

/** One live change as the page applies it: a machine at a random row gets another status. */
function liveChange(k: number) {
  const row = Math.floor(random() * N);
  const target = feed.machines[row]!;
  const status = STATUSES.find((s) => s !== target.status && s !== STATUSES[k % STATUSES.length]) ?? 'Full';
  const replaced = once(() => replaceMachine(feed, { ...target, status }));
  const next = replaced.value;
  const repacked = once(() => repackMachines(feed.machines, packed, next.machines, next.edit?.rows));
  const indexed = once(() => nextSearchIndex(index, next, 'en', null));
  const filtered = once(() => filterPacked(next.machines, repacked.value, AVAILABLE, null));
  const lookup = once(() => machineLookup(next.machines, next.rows));
  if (lookup.value.get(target.id)?.status !== status) throw new Error('the id lookup missed the change');
  if (next.rows !== feed.rows) throw new Error('the id map was rebuilt for a status change');
  if (repacked.value.positions !== packed.positions) throw new Error('positions were copied for a status change');
  if (indexed.value.texts !== index.texts) throw new Error('the search index was rebuilt for a status change');
  if (filtered.value.mask[row] !== (status === '>40%' ? 1 : 0)) throw new Error('the filter missed the change');
  feed = next;
  packed = repacked.value;
  index = indexed.value;
  return { replace: replaced.ms, repack: repacked.ms, index: indexed.ms, filter: filtered.ms, lookup: lookup.ms };
}

liveChange(0); // warm up
const live = Array.from({ length: REPS }, (_, k) => liveChange(k));
sameColumns(packed, packMachines(feed.machines));

/** A background reload of the same machines: every object new, a few statuses changed. */
const reloaded = feed.machines.map((m, i) =>
  i % 100_000 === 0 ? { ...m, status: m.status === 'Full' ? ('>40%' as const) : ('Full' as const) } : { ...m },
);
const reload = Array.from({ length: 3 }, () => once(() => repackMachines(feed.machines, packed, reloaded)));
const reloadPacked = reload[0]!.value;
sameColumns(reloadPacked, packMachines(reloaded));

const report = {
  machine: {
    cpu: cpus()[0]?.model.trim(),
    cores: cpus().length,
    node: process.version,
    date: new Date().toISOString(),
  },
  n: N,
  fullMs: { packMachines: stats(fullPack), buildSearchIndex: stats(fullIndex), idToRowMap: stats(byIdMap) },
  liveChangeMs: {
    replaceMachine: stats(live.map((r) => r.replace)),
    repack: stats(live.map((r) => r.repack)),
    searchIndex: stats(live.map((r) => r.index)),
    filterAvailable: stats(live.map((r) => r.filter)),
    idLookup: stats(live.map((r) => r.lookup)),
  },
  reloadOfSameIds: {
    repackMs: stats(reload.map((r) => r.ms)),
    changedRows: reloadPacked.changes?.rows.length ?? 0,
    positionsShared: reloadPacked.positions === packed.positions,
  },
};
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'live.json'), `${JSON.stringify(report, null, 2)}\n`);

console.table({
  'full: packMachines': report.fullMs.packMachines.median,
  'full: buildSearchIndex (en)': report.fullMs.buildSearchIndex.median,
  'full: id → row map': report.fullMs.idToRowMap.median,
  'live change: replaceMachine': report.liveChangeMs.replaceMachine.median,
  'live change: repack': report.liveChangeMs.repack.median,
  'live change: search index': report.liveChangeMs.searchIndex.median,
  'live change: filter (available)': report.liveChangeMs.filterAvailable.median,
  'live change: id lookup': report.liveChangeMs.idLookup.median,
  'reload of the same ids: repack': report.reloadOfSameIds.repackMs.median,
});
