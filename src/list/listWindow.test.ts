import { describe, expect, it } from 'vitest';
import { MAX_SCROLL_HEIGHT_PX, OVERSCAN_ROWS, listWindow, scrollTopToReveal } from './listWindow';

const rowPx = 64;
const viewportPx = 640;

describe('list window', () => {
  it('draws every row of a list shorter than the viewport', () => {
    expect(listWindow(0, { count: 4, rowPx, viewportPx })).toEqual({ start: 0, end: 4, height: 4 * rowPx, shift: 0 });
  });

  it('draws only the rows in view of a list of a few hundred, as of a long one', () => {
    expect(listWindow(0, { count: 128, rowPx, viewportPx })).toEqual({
      start: 0,
      end: 11 + OVERSCAN_ROWS,
      height: 128 * rowPx,
      shift: 0,
    });
  });

  it.each([
    [0, 0, 11 + OVERSCAN_ROWS],
    [64 * 100, 100 - OVERSCAN_ROWS, 111 + OVERSCAN_ROWS],
    [64 * 990, 990 - OVERSCAN_ROWS, 1000],
  ])('draws the rows in view plus overscan at scrollTop %i', (scrollTop, start, end) => {
    expect(listWindow(scrollTop, { count: 1000, rowPx, viewportPx })).toEqual({ start, end, height: 64_000, shift: 0 });
  });

  it('scales the track of a list taller than a browser allows, reaching the last row at the bottom', () => {
    const track = { count: 1_000_000, rowPx, viewportPx };
    const top = listWindow(0, track);
    expect(top).toMatchObject({ start: 0, height: MAX_SCROLL_HEIGHT_PX, shift: 0 });
    const bottom = listWindow(MAX_SCROLL_HEIGHT_PX - viewportPx, track);
    expect(bottom.end).toBe(1_000_000);
    // The last row's bottom edge lines up with the viewport's bottom edge.
    expect((999_999 + 1) * rowPx + bottom.shift).toBeCloseTo(MAX_SCROLL_HEIGHT_PX, 3);
  });

  it('scrolls just enough to reveal a row, on a plain and on a scaled track', () => {
    const plain = { count: 1000, rowPx, viewportPx };
    expect(scrollTopToReveal(5, 0, plain)).toBeNull();
    expect(scrollTopToReveal(10, 0, plain)).toBe(11 * rowPx - viewportPx);
    expect(scrollTopToReveal(3, 640, plain)).toBe(3 * rowPx);
    const scaled = { count: 1_000_000, rowPx, viewportPx };
    const scrollTop = scrollTopToReveal(500_000, 0, scaled)!;
    const w = listWindow(scrollTop, scaled);
    const rowTop = 500_000 * rowPx + w.shift - scrollTop;
    expect(rowTop).toBeGreaterThanOrEqual(-0.01);
    expect(rowTop + rowPx).toBeLessThanOrEqual(viewportPx + 0.01);
    expect(w.start).toBeLessThanOrEqual(500_000);
    expect(w.end).toBeGreaterThan(500_000);
  });
});
