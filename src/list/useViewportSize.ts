import { useEffect, useState, type RefObject } from 'react';

/**
 * The height of a scrolling viewport, following resizes (panel shown or hidden, window resized). Until the
 * first observation it is the window's height: an upper bound that needs no layout, so the first render
 * already holds every row in view and nothing forces a layout before the page's first frame.
 */
export function useViewportSize(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Called after the frame's layout, so reading the height forces none.
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}
