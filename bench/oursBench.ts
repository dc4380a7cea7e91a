import type { createStore } from 'jotai';
import {
  areaAtom,
  districtAtom,
  filteredMachinesAtom,
  searchInputAtom,
  searchQueryAtom,
  statusGroupAtom,
} from '../src/filters/filterAtoms';
import type { FilterResult } from '../src/filters/filterResult';
import { displayStateOf } from '../src/machines/displayState';
import type { Machine } from '../shared/machine';
import { machinesAtom } from '../src/machines/machinesAtom';
import { applyLiveChange, onDrawnFrame, type DrawnFrame } from './productHooks';
import { chromeShownAtom } from './chromeAtom';
import {
  FILTERS,
  MARKERS_DRAWN_MARK,
  frameRecorder,
  keyPaintRecorder,
  nextFrame,
  presented,
  quietFor,
  type BenchApi,
  type Timed,
} from './benchApi';

type Store = ReturnType<typeof createStore>;

/** Our page's hooks: changes go through the real atoms, "drawn" is the map frame that showed the result. */
export function createOursBench(store: Store, n: number, generateMs: number): BenchApi {
  let last: DrawnFrame = { at: 0, result: null };
  onDrawnFrame((frame) => {
    last = frame;
  });
  const drawn = (isWanted: (result: FilterResult) => boolean) =>
    new Promise<FilterResult>((resolve) => {
      const stop = onDrawnFrame((frame) => {
        if (frame.result && isWanted(frame.result)) {
          // In the task that drew it: the trace cuts "JS until the markers were drawn" here.
          console.timeStamp(MARKERS_DRAWN_MARK);
          stop();
          resolve(frame.result);
        }
      });
    });

  const timed = async (change: () => void): Promise<Timed> => {
    const start = performance.now();
    change();
    const wanted = store.get(filteredMachinesAtom);
    const onScreen = last.result;
    // The same machines as on screen (e.g. 's' typed inside Sha Tin): the layer is unchanged, so no frame is
    // drawn for it, and the next frame shows the answer, as on the Leaflet page, where no DOM changes then.
    if (onScreen && sameMachinesShown(onScreen, wanted)) await nextFrame();
    else await drawn((result) => result === wanted);
    await presented();
    return { ms: performance.now() - start, count: wanted.count };
  };

  const frames = frameRecorder();
  const keys = keyPaintRecorder();
  const quiet = quietFor(300);
  onDrawnFrame(quiet.poke);

  return {
    impl: 'ours',
    n,
    generateMs,
    ready: drawn((result) => result === store.get(filteredMachinesAtom)).then(async (result) => {
      await presented();
      return { ms: performance.now(), count: result.count };
    }),
    applyFilter: (kind) =>
      timed(() => {
        const { statusGroup, area, district } = FILTERS[kind];
        store.set(statusGroupAtom, statusGroup);
        store.set(areaAtom, area);
        store.set(districtAtom, district);
      }),
    typeSearch: (text) =>
      timed(() => {
        store.set(searchInputAtom, text);
        store.set(searchQueryAtom, text);
      }),
    // As a server event is applied: the list with that one machine replaced.
    liveChange: () => {
      const changed = statusChanged(store.get(machinesAtom));
      return timed(() => applyLiveChange(store, changed));
    },
    settle: quiet.wait,
    setChrome: async (shown) => {
      store.set(chromeShownAtom, shown);
      await nextFrame();
      await nextFrame();
    },
    startFrames: frames.start,
    stopFrames: frames.stop,
    startKeys: keys.start,
    stopKeys: keys.stop,
  };
}

/** A machine from the middle of the list whose marker shows its status, with that status turned over (Full or not). */
function statusChanged(machines: readonly Machine[]): Machine {
  const start = machines.length >> 1;
  for (let k = 0; k < machines.length; k++) {
    const machine = machines[(start + k) % machines.length]!;
    const state = displayStateOf(machine);
    if (state === 'maintenance') continue;
    return { ...machine, status: state === 'full' ? '>40%' : 'Full' };
  }
  throw new Error('no machine shows a status');
}

function sameMachinesShown(a: FilterResult, b: FilterResult): boolean {
  if (a.machines !== b.machines || a.count !== b.count) return false;
  for (let i = 0; i < a.mask.length; i++) if (a.mask[i] !== b.mask[i]) return false;
  return true;
}
