import { atom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import type { Machine } from '../../../shared/machine';
import type { Call } from '../../api/client';
import { nowAtom } from '../../clock/nowAtom';
import { localeAtom } from '../../i18n/localeAtom';
import { translateDynamic } from '../../i18n/translate';
import { staleAfterMsAtom } from '../../machines/machinesAtom';
import { parseMachineList } from '../../machines/parseMachines';
import { reportCountsAtom } from '../reportCounts/reportCountsAtom';
import { filterFleet, NO_FLEET_FILTERS, type FleetFilters } from './fleetFilter';
import { fleetRowOf, type FleetRow } from './fleetRow';
import { districtRanks, nameRanks, sortFleet, type FleetSort, type NameRanks } from './fleetSort';

/** Every machine the signed-in person may see, deactivated ones too, as table rows; null until loaded. */
export interface Fleet {
  rows: readonly FleetRow[];
  /** Row index by machine id. */
  byId: ReadonlyMap<string, number>;
}

export const fleetOf = (machines: readonly Machine[]): Fleet => {
  const rows = machines.map(fleetRowOf);
  return { rows, byId: new Map(rows.map((row, index) => [row.machine.id, index])) };
};

export const fleetAtom = atom<Fleet | null>(null);
fleetAtom.debugLabel = 'fleet';

/** `GET /api/operator/machines`; rejects on a failure, which the page shows (a 401 has gone to sign-in). */
export const loadFleetAtom = atom(null, async (_get, set, call: Call) => {
  const answer = await call('operator/machines', undefined, { method: 'GET', not_blocking: true, throw_error: true });
  const { ok, machines } = parseMachineList(answer);
  if (!ok) throw new Error('the machine list answer has no machines');
  set(fleetAtom, fleetOf(machines));
});

/**
 * Machines as they are now (a live event, the answer to an edit): each replaces its row, or joins the fleet when
 * it is new. The caller decides which new machines the person may see.
 */
export const putFleetMachinesAtom = atom(null, (get, set, machines: readonly Machine[]) => {
  const fleet = get(fleetAtom);
  if (!fleet || machines.length === 0) return;
  const rows = fleet.rows.slice();
  let byId = fleet.byId;
  for (const machine of machines) {
    const index = byId.get(machine.id);
    if (index !== undefined) rows[index] = fleetRowOf(machine);
    else {
      if (byId === fleet.byId) byId = new Map(byId);
      (byId as Map<string, number>).set(machine.id, rows.length);
      rows.push(fleetRowOf(machine));
    }
  }
  set(fleetAtom, { rows, byId });
});

export const fleetSortAtom = atom<FleetSort>({ column: 'machine', desc: false });
fleetSortAtom.debugLabel = 'fleetSort';

export const fleetFiltersAtom = atom<FleetFilters>(NO_FLEET_FILTERS);
fleetFiltersAtom.debugLabel = 'fleetFilters';

const nameInputsAtom = atom((get) => ({ rows: get(fleetAtom)?.rows ?? [], locale: get(localeAtom) }));

/** Each row's place by name in the interface language, kept through live changes that change no name. */
const fleetNameRanksAtom = selectAtom(nameInputsAtom, (inputs, previous?: NameRanks) =>
  nameRanks(inputs.rows, inputs.locale, previous),
);
fleetNameRanksAtom.debugLabel = 'fleetNameRanks';

const districtRanksAtom = atom((get) => {
  const locale = get(localeAtom);
  return districtRanks((district) => translateDynamic(locale, `district.${district}`) ?? district, locale);
});

/** Every row in the chosen order (names and districts in the interface language). */
export const fleetOrderAtom = atom((get) => {
  const fleet = get(fleetAtom);
  if (!fleet) return new Uint32Array(0);
  const sort = get(fleetSortAtom);
  // The counts change with each poll: the order depends on them only when it is by them.
  const reports = sort.column === 'reports' ? get(reportCountsAtom) : undefined;
  return sortFleet(fleet.rows, sort, get(fleetNameRanksAtom), get(districtRanksAtom), reports);
});
fleetOrderAtom.debugLabel = 'fleetOrder';

/** The rows the filters let through, in the chosen order: what the table shows. */
export const fleetShownAtom = atom((get) => {
  const fleet = get(fleetAtom);
  if (!fleet) return new Uint32Array(0);
  return filterFleet(
    fleet.rows,
    get(fleetOrderAtom),
    get(fleetFiltersAtom),
    get(nowAtom).getTime(),
    get(staleAfterMsAtom),
  );
});
fleetShownAtom.debugLabel = 'fleetShown';
