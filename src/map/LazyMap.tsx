import { Center, Loader, Stack, Text } from '@mantine/core';
import { Component, lazy, Suspense, useEffect, useRef, type ReactNode, type Ref } from 'react';
import { useT } from '../i18n/useT';
import { firstViewComplete } from '../pageLoad/firstView';
import { useListFirst } from './useListFirst';
import { useMapPrelude } from './useMapPrelude';

// maplibre-gl and deck.gl live in this chunk. index.html preloads it (scripts/vite/preloadChunk.ts), so it
// downloads from the first moment; it is evaluated (one long task) only once the map may start, after the list is
// painted, so that where it is at hand at once (a repeat visit, from the service worker) it does not hold the list.
const loadMapView = () => import('./MapView');
const MapView = lazy(loadMapView);

export function LazyMap() {
  const mayStart = useListFirst();
  // The notice covers the map area until the map runs: deck.gl's WebGL context is made for it meanwhile (mapPrelude.ts).
  const area = useRef<HTMLDivElement>(null);
  const prelude = useMapPrelude(mayStart, area);
  // Asked for now, not once the prelude is made, where nothing preloads it (the benchmark page's stage); a failure
  // shows when MapView renders and asks again.
  useEffect(() => {
    if (mayStart) loadMapView().catch(() => undefined);
  }, [mayStart]);
  return (
    <MapErrorBoundary fallback={<MapNotice kind="error" />}>
      <Suspense fallback={<MapNotice kind="loading" />}>
        {prelude ? <MapView deckCanvas={prelude.deckCanvas} /> : <MapNotice kind="loading" ref={area} />}
      </Suspense>
    </MapErrorBoundary>
  );
}

function MapNotice({ kind, ref }: { kind: 'loading' | 'error'; ref?: Ref<HTMLDivElement> }) {
  const t = useT();
  return (
    <Center ref={ref} pos="absolute" inset={0} bg="#b9d9e8">
      <Stack align="center" gap="xs">
        {kind === 'loading' && <Loader size="sm" />}
        <Text size="sm">{kind === 'loading' ? t('app.mapLoading') : t('app.mapUnavailable')}</Text>
      </Stack>
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
