import { createColumnHelper, rowSortingFeature, tableFeatures, type SortingState } from '@tanstack/react-table';
import type { FleetRow } from './fleetRow';
import type { FleetColumn, FleetSort } from './fleetSort';
import {
  ActiveCell,
  DistrictCell,
  LastOnlineCell,
  MachineCell,
  MaintenanceCell,
  ReportsCell,
  StateCell,
  StatusCell,
  TimeCell,
} from './FleetCells';

/**
 * The table's columns. Sorting is the table's state, done outside it (manualSorting): the rows handed to the
 * table are only those in view (see FleetTable), so it never builds a row model of 100,000 machines.
 */
export const FLEET_FEATURES = tableFeatures({ rowSortingFeature });

const column = createColumnHelper<typeof FLEET_FEATURES, FleetRow>();

export const FLEET_TABLE_COLUMNS = column.columns([
  column.accessor((row) => row.machine.id, { id: 'machine', cell: ({ row }) => <MachineCell row={row.original} /> }),
  column.accessor((row) => row.machine.district, {
    id: 'district',
    cell: ({ row }) => <DistrictCell row={row.original} />,
  }),
  column.accessor((row) => row.state, { id: 'state', cell: ({ row }) => <StateCell row={row.original} /> }),
  column.accessor((row) => row.machine.status, { id: 'status', cell: ({ row }) => <StatusCell row={row.original} /> }),
  column.accessor((row) => row.fullSinceMs, {
    id: 'fullSince',
    cell: ({ row }) => <TimeCell ms={row.original.fullSinceMs} />,
  }),
  column.accessor((row) => row.lastEmptiedMs, {
    id: 'lastEmptied',
    cell: ({ row }) => <TimeCell ms={row.original.lastEmptiedMs} />,
  }),
  column.accessor((row) => row.lastOnlineMs, {
    id: 'lastOnline',
    cell: ({ row }) => <LastOnlineCell row={row.original} />,
  }),
  column.accessor((row) => row.maintenance, {
    id: 'maintenance',
    cell: ({ row }) => <MaintenanceCell row={row.original} />,
  }),
  column.accessor((row) => row.deactivated, { id: 'active', cell: ({ row }) => <ActiveCell row={row.original} /> }),
  // Most reports first on the first press: the machines that need a look.
  column.accessor((row) => row.machine.id, {
    id: 'reports',
    sortDescFirst: true,
    cell: ({ row }) => <ReportsCell row={row.original} />,
  }),
]);

export const sortingOf = (sort: FleetSort): SortingState => [{ id: sort.column, desc: sort.desc }];

/** The table's sorting state back as the fleet's sort; an empty state keeps the column, ascending. */
export function sortOf(sorting: SortingState, previous: FleetSort): FleetSort {
  const first = sorting[0];
  return first ? { column: first.id as FleetColumn, desc: first.desc } : { column: previous.column, desc: false };
}
