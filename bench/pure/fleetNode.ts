/**
 * The console's fleet table over 100,000 machines, its pure parts in Node: building the rows, each sort, each
 * filter, and for comparison what TanStack Table's own row model costs for as many rows (the console hands the
 * table only the rows in view: decision 0047). `npm run bench:fleet`; BENCH_FLEET_N changes N. Writes bench/results/fleet-node.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  constructTable,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  type SortingState,
} from '@tanstack/table-core';
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings';
import { filterFleet, NO_FLEET_FILTERS, type FleetFilters } from '../../src/operator/fleet/fleetFilter';
import { fleetRowOf, type FleetRow } from '../../src/operator/fleet/fleetRow';
import { districtRanks, FLEET_COLUMNS, nameRanks, sortFleet } from '../../src/operator/fleet/fleetSort';
import { fleetMachines } from '../console/fleetMachines';
import { summarise, type Summary } from '../stats';

const N = Number(process.env.BENCH_FLEET_N ?? 100_000);
const REPS = 5;
const NOW = Date.now();
const STALE_AFTER_MS = 30 * 60 * 1000;
const OUT = resolve(import.meta.dirname, '../results');

function timed(fn: () => unknown, reps = REPS): Summary {
  fn(); // warm up the JIT
  const times: number[] = [];
  for (let r = 0; r < reps; r++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return summarise(times);
}
const round = (s: Summary) => ({ median: +s.median.toFixed(1), min: +s.min.toFixed(1), max: +s.max.toFixed(1) });

console.log(`${N.toLocaleString('en')} machines…`);
const machines = fleetMachines(N, NOW);
let rows: FleetRow[] = [];
const build = timed(() => (rows = machines.map(fleetRowOf)), 3);
const districts = districtRanks((district) => district, 'en');

// The names' order, made once per language and kept through live changes that rename nothing.
const namesEn = round(timed(() => nameRanks(rows, 'en'), 3));
const namesZht = round(timed(() => nameRanks(rows, 'zht'), 3));
const ranks = nameRanks(rows, 'en');
const statusChanged = rows.map((row, i) => (i === 7 ? fleetRowOf({ ...row.machine, status: 'Full' }) : row));
const namesKept = round(timed(() => nameRanks(statusChanged, 'en', ranks)));

const sorts = FLEET_COLUMNS.flatMap((column) =>
  [false, true].map((desc) => ({
    column,
    desc,
    ms: round(timed(() => sortFleet(rows, { column, desc }, ranks, districts))),
  })),
);

const order = sortFleet(rows, { column: 'machine', desc: false }, ranks, districts);
const FILTERS: Record<string, Partial<FleetFilters>> = {
  'full now': { fullNow: true },
  'full for over 24 hours': { fullOverHours: 24 },
  'not reporting': { notReporting: true },
  maintenance: { maintenance: true },
  deactivated: { deactivated: true },
  'a district': { district: 'SHA TIN' },
  'text "shop 12"': { text: 'shop 12' },
  'text in Chinese "號舖"': { text: '號舖' },
  'district and full now': { district: 'SHA TIN', fullNow: true },
};
const filters = Object.entries(FILTERS).map(([name, set]) => {
  const filters = { ...NO_FLEET_FILTERS, ...set };
  return {
    name,
    shown: filterFleet(rows, order, filters, NOW, STALE_AFTER_MS).length,
    ms: round(timed(() => filterFleet(rows, order, filters, NOW, STALE_AFTER_MS))),
  };
});

// TanStack Table building its own row models over every row: what the console does not do.
const features = tableFeatures({
  coreReactivityFeature: storeReactivityBindings(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
});
const sorting: SortingState = [{ id: 'name', desc: false }];
const tanstack = round(
  timed(() => {
    const table = constructTable({
      features,
      columns: [{ id: 'name', accessorFn: (row: FleetRow) => row.machine.name_en }],
      data: rows,
      getRowId: (row) => row.machine.id,
      state: { sorting },
    });
    return table.getRowModel().rows.length;
  }, 3),
);

const result = {
  date: new Date().toISOString(),
  machines: N,
  buildRowsMs: round(build),
  nameOrderMs: { en: namesEn, zht: namesZht, keptAfterAStatusChange: namesKept },
  sortMs: sorts,
  filterMs: filters,
  tanstackSortedRowModelOfEveryRowMs: tanstack,
};
mkdirSync(OUT, { recursive: true });
writeFileSync(resolve(OUT, 'fleet-node.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
