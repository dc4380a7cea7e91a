import { Center, Loader, Stack, Text } from '@mantine/core';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useT } from '../i18n/useT';

// maplibre-gl and deck.gl live in this chunk, loaded after the shell (panel, list, legend) has painted.
const MapView = lazy(() => import('./MapView'));

export function LazyMap() {
  return (
    <MapErrorBoundary fallback={<MapNotice kind="error" />}>
      <Suspense fallback={<MapNotice kind="loading" />}>
        <MapView />
      </Suspense>
    </MapErrorBoundary>
  );
}

function MapNotice({ kind }: { kind: 'loading' | 'error' }) {
  const t = useT();
  return (
    <Center pos="absolute" inset={0} bg="#b9d9e8">
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
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
