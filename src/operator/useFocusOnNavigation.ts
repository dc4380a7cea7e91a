import { useEffect, useRef } from 'react';

/** Whether anything in the document has had the focus yet: not on a page just opened, where the browser's start stays. */
let focusedOnce = false;
if (typeof document !== 'undefined') document.addEventListener('focusin', () => (focusedOnce = true), { once: true });

/**
 * Gives the focus to the element of the returned ref when `page` changes and the focus has fallen to the body with
 * what it was on (a link followed, a form replaced, signing in or out): without this a keyboard or screen reader user
 * would start over from the top. On a page just opened, where nothing has had the focus, nothing moves and nothing
 * rings; where the focus still is on something (the menu's link), it stays.
 */
export function useFocusOnNavigation<T extends HTMLElement>(page: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && focusedOnce) ref.current?.focus({ preventScroll: true });
  }, [page]);
  return ref;
}
