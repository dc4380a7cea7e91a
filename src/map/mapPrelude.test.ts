import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareMap } from './mapPrelude';

/** An element of the map area's size (jsdom lays nothing out). */
function area(width: number, height: number): Element {
  const element = document.createElement('div');
  Object.defineProperties(element, { clientWidth: { value: width }, clientHeight: { value: height } });
  return element;
}

describe('prepareMap', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("makes deck.gl's canvas with its WebGL2 context, its drawing buffer the map area in device pixels", () => {
    vi.stubGlobal('devicePixelRatio', 1.5);
    const getContext = vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(() => ({}) as WebGL2RenderingContext);
    const { deckCanvas } = prepareMap(area(853, 451));
    expect(getContext).toHaveBeenCalledWith('webgl2', {
      preserveDrawingBuffer: false,
      powerPreference: 'high-performance',
    });
    // As luma.gl sizes it: CSS px times the ratio, rounded down.
    expect([deckCanvas!.width, deckCanvas!.height]).toEqual([1279, 676]);
    expect(deckCanvas!.style.position).toBe('absolute');
    expect(deckCanvas!.style.width).toBe('100%');
    expect(deckCanvas!.style.pointerEvents).toBe('none');
  });

  it('makes none without WebGL2, so that deck.gl makes its own and reports what it finds', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => null);
    expect(prepareMap(area(800, 600))).toEqual({ deckCanvas: null });
  });
});
