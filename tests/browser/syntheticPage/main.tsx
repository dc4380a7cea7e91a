import '@fontsource-variable/inter';
import '@mantine/core/styles.css';
import '../../../src/global.css';
import { MantineProvider } from '@mantine/core';
import { createStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { machinesAtom, machinesLoadStateAtom } from '../../../src/machines/machinesAtom';
import { theme } from '../../../src/theme';
import { syntheticMachines } from '../../../testkit/fixtures/syntheticMachines';
import { SyntheticScreen } from './SyntheticScreen';

/** How many machines: `?n=`, a whole number up to 2,000,000; 1,000 when absent. */
const MAX_COUNT = 2_000_000;
const asked = Number(new URLSearchParams(window.location.search).get('n'));
const count = Number.isInteger(asked) && asked >= 1 && asked <= MAX_COUNT ? asked : 1_000;

// The machines go straight into the atom: there is no list call.
const store = createStore();
store.set(machinesAtom, syntheticMachines(count));
store.set(machinesLoadStateAtom, 'loaded');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <SyntheticScreen />
      </MantineProvider>
    </Provider>
  </StrictMode>,
);
