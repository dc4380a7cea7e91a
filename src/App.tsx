import { MantineProvider } from '@mantine/core';
import { Provider, useAtomValue } from 'jotai';
import type { AppStore } from './store';
import { theme } from './theme';
import { routeAtom } from './router/routeAtom';
import { useRouteSync } from './router/useRouteSync';
import { useDocumentSettings } from './settings/useDocumentSettings';
import { MapScreen } from './layout/MapScreen';
import { LoginPage } from './login/LoginPage';

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
  return route === 'login' ? <LoginPage /> : <MapScreen />;
}
