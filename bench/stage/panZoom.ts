import { nextFrame } from './frames';

/** One pointer move per frame while dragging; fewer where each frame draws very many markers. */
const DRAG_STEPS = { full: 12, short: 2 } as const;
/** Two wheel notches in, then two out (a mouse wheel's notch is 100 px in Chromium; three at once). */
const WHEEL_STEPS_PX = [-300, -300, 300, 300];
/** The drag's reach, in CSS px: right and down, then back. */
const DRAG_PX = { x: 240, y: 120 };

/**
 * A person dragging the map across and back, then (`full`) zooming in and out with the wheel: the same input
 * events a mouse gives, dispatched on the element under the pointer, one move per animation frame, so that
 * every renderer's own handlers pan and zoom it. The page cannot make trusted input: the browser's own input
 * path (hit testing, event coalescing) is not in the figures.
 */
export async function panAndZoom(surface: HTMLElement, length: 'full' | 'short'): Promise<void> {
  const box = surface.getBoundingClientRect();
  const start = {
    x: box.left + Math.min(box.width / 3, 420),
    y: box.top + Math.min(box.height / 2, 380),
  };
  const pointer = { pointerId: 1, pointerType: 'mouse', isPrimary: true };
  const fire = (type: string, x: number, y: number, buttons: number) => {
    const target = document.elementFromPoint(x, y) ?? surface;
    const init = { bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y, button: 0, buttons };
    if (type.startsWith('pointer')) target.dispatchEvent(new PointerEvent(type, { ...init, ...pointer }));
    else target.dispatchEvent(new MouseEvent(type, { ...init, view: window }));
  };
  const steps = DRAG_STEPS[length];
  fire('pointerdown', start.x, start.y, 1);
  fire('mousedown', start.x, start.y, 1);
  for (const [dx, dy, from] of [
    [DRAG_PX.x, DRAG_PX.y, 0],
    [-DRAG_PX.x, -DRAG_PX.y, 1],
  ] as const) {
    for (let k = 1; k <= steps; k++) {
      await nextFrame();
      const x = start.x + from * DRAG_PX.x + (dx * k) / steps;
      const y = start.y + from * DRAG_PX.y + (dy * k) / steps;
      fire('pointermove', x, y, 1);
      fire('mousemove', x, y, 1);
    }
  }
  await nextFrame();
  fire('pointerup', start.x, start.y, 0);
  fire('mouseup', start.x, start.y, 0);
  if (length === 'short') return;
  for (const deltaY of WHEEL_STEPS_PX) {
    const target = document.elementFromPoint(start.x, start.y) ?? surface;
    target.dispatchEvent(
      new WheelEvent('wheel', {
        bubbles: true,
        cancelable: true,
        composed: true,
        clientX: start.x,
        clientY: start.y,
        deltaY,
        deltaMode: WheelEvent.DOM_DELTA_PIXEL,
        view: window,
      }),
    );
    await nextFrame();
  }
}
