import { atom } from 'jotai';

const MS_PER_MIN = 60 * 1000;

const clockAtom = atom(new Date());
clockAtom.debugLabel = 'clock';
// Ticks on each minute boundary while anyone reads the time, so "open now" turns over on the minute.
clockAtom.onMount = (set) => {
  let timer: ReturnType<typeof setTimeout>;
  const tick = () => {
    set(new Date());
    timer = setTimeout(tick, MS_PER_MIN - (Date.now() % MS_PER_MIN));
  };
  tick();
  return () => clearTimeout(timer);
};

/** The current time, to the minute. */
export const nowAtom = atom((get) => get(clockAtom));
nowAtom.debugLabel = 'now';
