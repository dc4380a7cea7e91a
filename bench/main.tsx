import '@fontsource-variable/inter';
import '@fontsource-variable/noto-sans-tc';
import '@fontsource-variable/noto-sans-sc';
import '@mantine/core/styles.css';
import '../src/global.css';
import { MantineProvider } from '@mantine/core';
import { createStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { machinesAtom, machinesLoadStateAtom } from '../src/machines/machinesAtom';
import { theme } from '../src/theme';
import { BenchScreen } from './BenchScreen';
import { createOursBench } from './oursBench';
import { syntheticMachines } from '../tests/fixtures/syntheticMachines';
import { benchSizeFromUrl } from './benchSize';

const n = benchSizeFromUrl(window.location.search);
const start = performance.now();
const machines = syntheticMachines(n);
const generateMs = performance.now() - start;

// The machines go straight into the atom: no list call, so the page measures the map and the list only.
const store = createStore();
store.set(machinesAtom, machines);
store.set(machinesLoadStateAtom, 'loaded');
window.__bench = createOursBench(store, n, generateMs);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <BenchScreen />
      </MantineProvider>
    </Provider>
  </StrictMode>,
);
