import { Button, Center, Loader, MantineProvider, Stack, Text } from '@mantine/core';
import { Provider, useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import type { AppStore } from './store';
import { theme } from './theme';
import { routeAtom } from './router/routeAtom';
import { useRouteSync } from './router/useRouteSync';
import { useDocumentSettings } from './settings/useDocumentSettings';
import { MapScreen } from './layout/MapScreen';
import { useT } from './i18n/useT';

// The sign-in page and the operator console are chunks of their own: a visitor of the map never downloads them.
// A chunk that fails to download (a network drop, a deploy in between) says so and offers a reload.
const LoginPage = lazy(() =>
  import('./operator/screens').then(
    (m) => ({ default: m.LoginPage }),
    () => ({ default: ChunkFailed }),
  ),
);
const OperatorApp = lazy(() =>
  import('./operator/screens').then(
    (m) => ({ default: m.OperatorApp }),
    () => ({ default: ChunkFailed }),
  ),
);

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <MantineProvider theme={theme} defaultColorScheme="auto">
        <Screen />
      </MantineProvider>
    </Provider>
  );
}

function Screen() {
  useDocumentSettings();
  useRouteSync();
  const route = useAtomValue(routeAtom);
  if (route === 'map') return <MapScreen />;
  return <Suspense fallback={<ChunkLoading />}>{route === 'login' ? <LoginPage /> : <OperatorApp />}</Suspense>;
}

function ChunkLoading() {
  const t = useT();
  return (
    <Center mih="100dvh">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}

function ChunkFailed() {
  const t = useT();
  return (
    <Center mih="100dvh" component="main">
      <Stack align="center">
        <Text>{t('error.systemError')}</Text>
        <Button onClick={() => window.location.reload()}>{t('error.retry')}</Button>
      </Stack>
    </Center>
  );
}
