import { useEffect, useRef } from 'react';

/**
 * Runs `load` now and every `intervalMs` while the page is shown and the tab visible (at once again when the tab
 * comes back), never two at a time. The newest `load` is called: a page may pass a new one on every render.
 */
export function usePolling(load: () => Promise<unknown>, intervalMs: number): void {
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    let running = false;
    const tick = () => {
      if (running || document.visibilityState === 'hidden') return;
      running = true;
      void latest.current().finally(() => {
        running = false;
      });
    };
    tick();
    const timer = window.setInterval(tick, intervalMs);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [intervalMs]);
}
