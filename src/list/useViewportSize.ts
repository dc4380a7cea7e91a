import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The height of a scrolling viewport, following resizes (panel shown or hidden, window resized). Measured
 * before the first paint, so a list never shows only the rows a 0 px viewport would hold.
 */
export function useViewportSize(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setHeight(el.clientHeight);
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}
