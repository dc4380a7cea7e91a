import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/machine';
import { machinesAtom, machinesLoadStateAtom, type LoadState } from '../machines/machinesAtom';
import { focusRequestAtom } from '../selection/selectionAtoms';
import { districtAtom } from '../filters/filterAtoms';
import { FONT_SIZES_PX } from '../config';
import { fontSizeAtom } from '../settings/fontSizeAtom';
import { listWindow } from './listWindow';
import { LocationList, ROW_HEIGHT_REM } from './LocationList';

const machine = (n: number): Machine => ({
  id: `m${n}`,
  coordinates: [22.3, 114.17],
  area: 'KOWLOON',
  district: n % 2 ? 'KWUN TONG' : 'SHAM SHUI PO',
  status: '>40%',
  under_maintenance: false,
  service_status: 0,
  name_en: `Machine ${n}`,
  name_zht: '',
  name_zhs: '',
  address_en: `${n} Nathan Road`,
  address_zht: '',
  address_zhs: '',
  service_hour_en: '',
  service_hour_zht: '',
  service_hour_zhs: '',
});

/** The count the list tells under its heading (its live region). */
function countText(): string | null {
  const heading = screen.getByRole('heading', { name: 'Location List' });
  return heading.closest('section')!.querySelector('[aria-live]')!.textContent;
}

function renderList(count: number) {
  const store = createStore();
  store.set(
    machinesAtom,
    Array.from({ length: count }, (_, i) => machine(i + 1)),
  );
  render(
    <Provider store={store}>
      <MantineProvider env="test">
        <LocationList />
      </MantineProvider>
    </Provider>,
  );
  return store;
}

describe('LocationList', () => {
  it.each<[LoadState, string]>([
    ['idle', ''],
    ['loading', ''],
    ['failed', '0 machines'],
    ['loaded', '0 machines'],
  ])('with no machines while the list is %s, its count reads "%s"', (loadState, count) => {
    const store = renderList(0);
    act(() => store.set(machinesLoadStateAtom, loadState));
    expect(countText()).toBe(count);
    // "No machine matches" only once there is an answer to match against.
    expect(screen.queryByText('No machine matches these filters.') !== null).toBe(count !== '');
  });

  it('with machines filtered away, tells "0 machines" while a list call is pending', () => {
    const store = renderList(3);
    act(() => {
      store.set(districtAtom, 'EASTERN');
      store.set(machinesLoadStateAtom, 'loading');
    });
    expect(countText()).toBe('0 machines');
    expect(screen.getByText('No machine matches these filters.')).toBeTruthy();
  });

  it('lists every machine of a short list', () => {
    renderList(3);
    const list = screen.getByRole('list', { name: 'Location List' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('3 machines')).toBeTruthy();
    expect(within(list).getByRole('button', { name: /Machine 2\s*Address:\s*2 Nathan Road/ })).toBeTruthy();
  });

  it.each([200, 50_000])(
    'draws only the rows in view of a list of %i, each telling its place in the whole',
    (count) => {
      const store = renderList(count);
      const list = screen.getByRole('list', { name: 'Location List' });
      const items = within(list).getAllByRole('listitem');
      // jsdom lays nothing out and observes no resize: the list holds the rows a window-tall viewport shows.
      const rowPx = ROW_HEIGHT_REM * FONT_SIZES_PX[store.get(fontSizeAtom)];
      const win = listWindow(0, { count, rowPx, viewportPx: window.innerHeight });
      expect(items).toHaveLength(win.end - win.start);
      expect(items.length).toBeLessThan(count);
      expect(items[0]!.getAttribute('aria-setsize')).toBe(String(count));
      expect(items[0]!.getAttribute('aria-posinset')).toBe('1');
      expect(screen.getByText(`${count} machines`)).toBeTruthy();
    },
  );

  it('is one Tab stop; arrows and End move through all rows, Enter flies to the machine', async () => {
    const user = userEvent.setup();
    const store = renderList(50_000);
    await user.tab();
    expect(document.activeElement?.textContent).toContain('Machine 1');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('Machine 2');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toContain('Machine 50000');
    expect(document.activeElement?.closest('li')?.getAttribute('aria-posinset')).toBe('50000');
    await user.keyboard('{Enter}');
    expect(store.get(focusRequestAtom)?.id).toBe('m50000');
    const tabbable = screen.getAllByRole('button').filter((b) => b.tabIndex === 0);
    expect(tabbable).toHaveLength(1);
  });

  it('counts one machine in the singular', () => {
    renderList(1);
    expect(screen.getByText('1 machine')).toBeTruthy();
  });

  it('follows the filter', async () => {
    const store = renderList(10);
    store.set(districtAtom, 'KWUN TONG');
    expect(await screen.findByText('5 machines')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Location List' })).getAllByRole('listitem')).toHaveLength(5);
  });
});
