// Touch targets as a finger meets them: every control on screen, measured where it takes a tap.
import type { Frame, Page } from 'puppeteer-core';

const CONTROLS =
  'button, a[href], select, input:not([type="hidden"]), textarea, [role="button"], [role="switch"], [role="checkbox"], [role="link"]';

/**
 * The controls on screen smaller than `minPx` x `minPx` CSS px, each as "role name: W x H". A control drawn
 * through its label (an invisible switch or checkbox input) is measured over its labels.
 */
export function smallTouchTargets(where: Page | Frame, minPx = 48): Promise<string[]> {
  // Written without inner named functions: tsx would wrap them in a helper the page lacks.
  return where.evaluate(
    (selector, min) => {
      const small: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(selector)) {
        if (!el.checkVisibility({ visibilityProperty: true })) continue;
        let rects = [el.getBoundingClientRect()];
        const input = el instanceof HTMLInputElement ? el : null;
        if (input?.labels?.length && getComputedStyle(input).opacity === '0')
          rects = [...input.labels].map((label) => label.getBoundingClientRect());
        const left = Math.min(...rects.map((r) => r.left));
        const top = Math.min(...rects.map((r) => r.top));
        const right = Math.max(...rects.map((r) => r.right));
        const bottom = Math.max(...rects.map((r) => r.bottom));
        // Off screen (list rows scrolled away, a closed panel): not a target now.
        if (right <= 0 || bottom <= 0 || left >= window.innerWidth || top >= window.innerHeight) continue;
        if (right - left < min - 0.5 || bottom - top < min - 0.5) {
          const name = el.getAttribute('aria-label') ?? el.innerText?.trim() ?? el.getAttribute('title') ?? '';
          small.push(
            `${el.getAttribute('role') ?? el.tagName.toLowerCase()} ${name.slice(0, 40)}: ${(right - left).toFixed(0)} x ${(bottom - top).toFixed(0)}`,
          );
        }
      }
      return small;
    },
    CONTROLS,
    minPx,
  );
}
