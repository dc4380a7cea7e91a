import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useIsMobile } from '../ui/useIsMobile';
import { resetToStartAtom } from './resetToStartAtom';

/** What counts as someone using the screen. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Returns the screen to its start `idleMs` after the last activity. The clock only runs after someone has
 * used the screen, so an untouched kiosk is not reset (and its map not moved) over and over.
 */
export function useIdleReset(idleMs: number | null, target: Window = window): void {
  const resetToStart = useSetAtom(resetToStartAtom);
  const isMobile = useIsMobile();
  const isMobileRef = useRef(isMobile);
  isMobileRef.current = isMobile;
  useEffect(() => {
    if (idleMs === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onActivity = () => {
      clearTimeout(timer);
      timer = setTimeout(() => resetToStart({ isMobile: isMobileRef.current }), idleMs);
    };
    // Capture: a component that stops propagation (the map, a dialog) still counts as activity.
    const options = { capture: true, passive: true } as const;
    for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, options);
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, options);
    };
  }, [idleMs, target, resetToStart]);
}
