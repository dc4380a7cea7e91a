import { Center, Loader, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { pendingCountAtom } from '../api/pendingAtom';
import { useT } from '../i18n/useT';
import { firstViewComplete } from '../pageLoad/firstView';
import { mapOffForTests } from '../testHooks';
import { useListFirst } from './useListFirst';

// maplibre-gl and deck.gl live in this chunk. index.html preloads it (scripts/vite/preloadChunk.ts), so it
// downloads from the first moment; it is evaluated (one long task) only once the map may start, after the list is
// painted, so that where it is at hand at once (a repeat visit, from the service worker) it does not hold the list.
const MapView = lazy(() => import('./MapView'));

export function LazyMap() {
  return mapOffForTests ? <MapLeftOutForTests /> : <MapWhenListFirst />;
}

function MapWhenListFirst() {
  const mayStart = useListFirst();
  return (
    <MapErrorBoundary fallback={<MapNotice kind="error" />}>
      <Suspense fallback={<MapNotice kind="loading" />}>
        {mayStart ? <MapView /> : <MapNotice kind="loading" />}
      </Suspense>
    </MapErrorBoundary>
  );
}

function MapLeftOutForTests() {
  useEffect(firstViewComplete, []);
  return <Center pos="absolute" inset={0} bg="#b9d9e8" data-map-off="true" />;
}

function MapNotice({ kind }: { kind: 'loading' | 'error' }) {
  const t = useT();
  // The page's loading overlay (RequestOverlay) already tells it: one spinner, not two on top of each other.
  const overlaid = useAtomValue(pendingCountAtom) > 0;
  return (
    <Center pos="absolute" inset={0} bg="#b9d9e8">
      {kind === 'error' ? (
        <Text size="sm">{t('app.mapUnavailable')}</Text>
      ) : (
        !overlaid && (
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('app.mapLoading')}</Text>
          </Stack>
        )
      )}
    </Center>
  );
}

class MapErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[rvm] the map failed', error);
    firstViewComplete();
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
