import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../../../tests/support/consoleRender';
import { testMachine } from '../../../tests/support/testMachine';
import en from '../i18n/locales/en.json';
import { fleetAtom, fleetOf } from './fleetAtoms';
import { FleetFilters } from './FleetFilters';
import { FleetTable } from './FleetTable';

const userEvent = userEventLib.setup({ delay: null });
// The virtualizer scrolls the window to keep its place; jsdom has no scrolling.
beforeEach(() => vi.stubGlobal('scrollTo', () => undefined));
/** A busy machine renders 50,000 rows' worth of state slowly. */
const SLOW = { timeout: 8000 };
const STATUSES = ['>40%', '<=40%', '<=20%', '<=5%', 'Full'] as const;

function renderFleet(count: number) {
  const machines = Array.from({ length: count }, (_, i) =>
    testMachine(`RVM-${String(i).padStart(6, '0')}`, {
      name_en: `Machine ${String(i).padStart(6, '0')}`,
      status: STATUSES[i % STATUSES.length],
      district: i % 2 ? 'SHA TIN' : 'KWUN TONG',
      area: i % 2 ? 'NEW_TERRITORIES' : 'KOWLOON',
    }),
  );
  const view = renderConsole(
    <>
      <FleetFilters />
      <FleetTable />
    </>,
  );
  view.store.set(fleetAtom, fleetOf(machines));
  return view;
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).queryAllByRole('row');
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent);
const columnHeader = (name: string) =>
  screen.getAllByRole('columnheader').find((header) => header.textContent?.startsWith(name))!;

describe('the fleet table', { timeout: 30_000 }, () => {
  it('draws only the rows in view of 50,000 machines, each telling its place in the whole', async () => {
    renderFleet(50_000);
    const table = await screen.findByRole('table', { name: en.fleet.table });
    expect(table.getAttribute('aria-rowcount')).toBe('50001');
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(5), SLOW);
    expect(bodyRows().length).toBeLessThan(40);
    expect(bodyRows()[0]!.getAttribute('aria-rowindex')).toBe('2');
    expect(firstCells()[0]).toContain('Machine 000000');
  });

  it("sorts by a column's header button and says which way in aria-sort", async () => {
    renderFleet(200);
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(5), SLOW);
    expect(columnHeader(en.fleet.column.machine).getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(within(columnHeader(en.fleet.column.status)).getByRole('button'));
    expect(columnHeader(en.fleet.column.status).getAttribute('aria-sort')).toBe('ascending');
    expect(columnHeader(en.fleet.column.machine).getAttribute('aria-sort')).toBeNull();
    const statusOf = (row: HTMLElement) => within(row).getAllByRole('cell')[3]!.textContent;
    await waitFor(() => expect(statusOf(bodyRows()[0]!)).toContain('Full'));
    await userEvent.click(within(columnHeader(en.fleet.column.status)).getByRole('button'));
    expect(columnHeader(en.fleet.column.status).getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(statusOf(bodyRows()[0]!)).toContain('>40%'));
  });

  it('shows only the machines the filters let through', async () => {
    const { store } = renderFleet(200);
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(5), SLOW);
    await userEvent.click(screen.getByRole('checkbox', { name: en.fleet.fullNow }));
    await waitFor(() => expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('41'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: en.fleet.district }), 'SHA TIN');
    await waitFor(() => expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('21'));
    await userEvent.type(screen.getByRole('textbox', { name: en.fleet.search }), 'machine 000009');
    await waitFor(() => expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('2'));
    expect(firstCells()).toEqual([expect.stringContaining('Machine 000009')]);
    await userEvent.click(screen.getByRole('button', { name: en.fleet.reset }));
    await waitFor(() => expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('201'));
    expect(screen.getByRole('textbox', { name: en.fleet.search })).toHaveProperty('value', '');
    expect(store.get(fleetAtom)?.rows).toHaveLength(200);
  });
});
