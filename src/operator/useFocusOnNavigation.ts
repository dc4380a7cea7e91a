import { useEffect, useRef } from 'react';

/**
 * Moves the focus to the element of the returned ref whenever `page` changes: the link or button that led here is
 * gone, and without this the focus would fall to the page's body (a keyboard or screen reader user would start over
 * from the top). On the first render only when nothing has the focus, so that opening the console steals nothing.
 */
export function useFocusOnNavigation<T extends HTMLElement>(page: string) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!first.current || lost) ref.current?.focus({ preventScroll: true });
    first.current = false;
  }, [page]);
  return ref;
}
