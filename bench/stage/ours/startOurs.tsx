import '@fontsource-variable/inter';
import '@fontsource-variable/noto-sans-tc';
import '@fontsource-variable/noto-sans-sc';
import '@mantine/core/styles.css';
import '../../../src/global.css';
import { MantineProvider } from '@mantine/core';
import { createStore, Provider, useAtomValue } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  areaAtom,
  districtAtom,
  filteredMachinesAtom,
  searchInputAtom,
  searchQueryAtom,
  statusGroupAtom,
} from '../../../src/filters/filterAtoms';
import type { FilterResult } from '../../../src/filters/filterResult';
import { machinesAtom, machinesLoadStateAtom, replaceMachineAtom } from '../../../src/machines/machinesAtom';
import { drawnFrames, type DrawnFrame } from '../../../src/map/drawnFrames';
import { MapScreenView } from '../../../src/layout/MapScreenView';
import { theme } from '../../../src/theme';
import { nextFrame, presented } from '../frames';
import { statusTurnedOver, type StartRenderer } from '../renderer';
import { chromeShownAtom } from './chromeAtom';

/**
 * The page's own map screen as a desktop draws it (the stage, about 830 px wide, is narrower than the page's mobile
 * breakpoint), without the panel and legend while the map pans (chromeAtom.ts).
 */
function StageScreen() {
  return <MapScreenView mobile={false} panels={useAtomValue(chromeShownAtom)} />;
}

/**
 * Our map screen, fed the machines straight into its atom (no list call). Changes go through the page's own
 * atoms; "drawn" is the map frame that showed the result, from the page's test hook (src/map/drawnFrames.ts).
 */
export const startOurs: StartRenderer = (machines, root) => {
  const store = createStore();
  store.set(machinesAtom, machines);
  store.set(machinesLoadStateAtom, 'loaded');

  let last: DrawnFrame = { at: 0, result: null };
  drawnFrames.listen((frame) => {
    last = frame;
  });
  const drawn = (isWanted: (result: FilterResult) => boolean) =>
    new Promise<FilterResult>((resolve) => {
      const stop = drawnFrames.listen((frame) => {
        if (frame.result && isWanted(frame.result)) {
          stop();
          resolve(frame.result);
        }
      });
    });
  const change = async (apply: () => void): Promise<number> => {
    apply();
    const wanted = store.get(filteredMachinesAtom);
    const onScreen = last.result;
    // The same machines as on screen (e.g. 's' typed inside Sha Tin): the layer is unchanged, so no frame is
    // drawn for it, and the next frame shows the answer, as on the Leaflet page, where no DOM changes then.
    if (onScreen && sameMachinesShown(onScreen, wanted)) await nextFrame();
    else await drawn((result) => result === wanted);
    await presented();
    return wanted.count;
  };

  const ready = drawn((result) => result === store.get(filteredMachinesAtom)).then(() => presented());
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <MantineProvider theme={theme} defaultColorScheme="light">
          <StageScreen />
        </MantineProvider>
      </Provider>
    </StrictMode>,
  );

  return {
    ready,
    applyCodes: ({ statusGroup, area, district }) =>
      change(() => {
        store.set(statusGroupAtom, statusGroup);
        store.set(areaAtom, area);
        store.set(districtAtom, district);
      }),
    search: (text) =>
      change(() => {
        store.set(searchInputAtom, text);
        store.set(searchQueryAtom, text);
      }),
    // As a server event is applied: the list with that one machine replaced.
    liveChange: () => change(() => store.set(replaceMachineAtom, statusTurnedOver(store.get(machinesAtom)).machine)),
    surface: () => root.querySelector<HTMLElement>('.maplibregl-canvas-container') ?? root,
    onDraw: (listener) => void drawnFrames.listen(listener),
    setChrome: async (shown) => {
      store.set(chromeShownAtom, shown);
      await nextFrame();
      await nextFrame();
    },
  };
};

function sameMachinesShown(a: FilterResult, b: FilterResult): boolean {
  if (a.machines !== b.machines || a.count !== b.count) return false;
  for (let i = 0; i < a.mask.length; i++) if (a.mask[i] !== b.mask[i]) return false;
  return true;
}
