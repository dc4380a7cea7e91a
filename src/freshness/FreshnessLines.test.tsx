import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Machine } from '../../shared/machine';
import { FreshnessLines } from './FreshnessLines';

const machine: Machine = {
  id: 'RVM-1',
  coordinates: [22.2842, 114.2152],
  area: 'HONG_KONG',
  district: 'EASTERN',
  status: '>40%',
  under_maintenance: false,
  service_status: 0,
  name_en: 'Kornhill Plaza',
  name_zht: '',
  name_zhs: '',
  address_en: '2 Kornhill Road',
  address_zht: '',
  address_zhs: '',
  service_hour_en: '',
  service_hour_zht: '',
  service_hour_zhs: '',
  last_full: null,
  last_emptied_at: null,
};

const HISTORY = {
  success: true,
  id: 'RVM-1',
  more: false,
  history: [
    { at: '2026-11-23T05:20:00.000Z', status: 'Full' },
    { at: '2026-11-23T06:05:00.000Z', status: '>40%' },
  ],
};

function renderLines(shown: Machine) {
  return render(
    <Provider store={createStore()}>
      <MantineProvider env="test">
        <FreshnessLines machine={shown} />
      </MantineProvider>
    </Provider>,
  );
}

describe('FreshnessLines from the history', () => {
  afterEach(() => {
    delete window.__RVM_CONFIG__;
    vi.unstubAllGlobals();
  });

  it('shows when the machine was last full and last emptied, when the server follows a feed', async () => {
    window.__RVM_CONFIG__ = { feedIntervalMs: 60_000 };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(HISTORY)));
    vi.stubGlobal('fetch', fetchMock);
    renderLines(machine);
    expect(await screen.findByText(/^Last full .*13:20$/)).toBeTruthy();
    expect(screen.getByText(/^Last emptied .*14:05$/)).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toMatch(/^\/api\/rvm\/RVM-1\/history\?since=/);
  });

  it("prefers the feed's own times, and asks nothing when the feed gives both", async () => {
    window.__RVM_CONFIG__ = { feedIntervalMs: 60_000 };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(HISTORY)));
    vi.stubGlobal('fetch', fetchMock);
    renderLines({ ...machine, last_emptied_at: '2026-11-23T01:00:00Z', last_full: '2026-11-23T00:30:00Z' });
    expect(screen.getByText(/^Last emptied .*09:00$/)).toBeTruthy();
    expect(screen.queryByText(/Last full/)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks nothing when the server follows no feed', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLines(machine);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText(/Last/)).toBeNull();
  });
});
