import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { MAP_WAITS_FOR_LIST_MAX_MS } from '../config';
import { machinesLoadStateAtom } from '../machines/machinesAtom';

/**
 * Whether the map may be created. Its WebGL set-up is one long task, and a list answer arriving during it waits
 * for it, so the map starts once the list call has answered (or failed) and that answer has been painted, or
 * after MAP_WAITS_FOR_LIST_MAX_MS whatever the list does. Its code is downloaded from the start all the same.
 */
export function useListFirst(): boolean {
  const state = useAtomValue(machinesLoadStateAtom);
  const answered = state === 'loaded' || state === 'failed';
  const [mayStart, setMayStart] = useState(false);
  useEffect(() => {
    if (mayStart) return;
    if (!answered) {
      const timer = setTimeout(() => setMayStart(true), MAP_WAITS_FOR_LIST_MAX_MS);
      return () => clearTimeout(timer);
    }
    // The frame after the next one: the list rendered with the answer has been painted by then.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setMayStart(true));
    });
    return () => cancelAnimationFrame(frame);
  }, [answered, mayStart]);
  return mayStart;
}
