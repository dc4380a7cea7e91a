import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { LazyMap } from './LazyMap';

const loaded = vi.hoisted(() => ({ mapView: 0 }));
vi.mock('./useListFirst', () => ({ useListFirst: () => true }));
// The prelude never comes: its chunk still on its way, or its WebGL context still being made.
vi.mock('./useMapPrelude', () => ({ useMapPrelude: () => undefined }));
vi.mock('./MapView', () => {
  loaded.mapView++;
  return { default: () => null };
});

describe('LazyMap', () => {
  it('asks for the map chunk as soon as the map may start, not once the prelude is made', async () => {
    render(
      <Provider store={createStore()}>
        <MantineProvider env="test">
          <LazyMap />
        </MantineProvider>
      </Provider>,
    );
    expect(screen.getByText('Loading map…')).toBeTruthy();
    await vi.waitFor(() => expect(loaded.mapView).toBe(1));
  });
});
