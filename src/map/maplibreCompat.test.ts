import type { Map as MaplibreMap } from 'maplibre-gl';
import { describe, expect, it, vi } from 'vitest';
import { takeNewLayersNow } from './maplibreCompat';

/** deck.gl as @deck.gl/mapbox leaves it on the map: layers handed over wait for deck.gl's own next frame. */
function mapWithDeck() {
  let pending: string[] | null = null;
  let taken: string[] = [];
  let needsRedraw = false;
  const deck = {
    setLayers(layers: string[]) {
      pending = layers;
    },
    layerManager: {
      needsUpdate: () => (pending && pending !== taken ? 'layers changed' : false),
      updateLayers: vi.fn(() => {
        if (pending) taken = pending;
        pending = null;
        needsRedraw = true;
      }),
    },
    needsRedraw({ clearRedrawFlags }: { clearRedrawFlags: boolean }) {
      const answer = needsRedraw;
      if (clearRedrawFlags) needsRedraw = false;
      return answer;
    },
    drawn: () => taken,
    wantsAnotherFrame: () => needsRedraw,
  };
  return { map: { __deck: deck } as unknown as MaplibreMap, deck };
}

describe('takeNewLayersNow', () => {
  it('takes layers handed to deck.gl since its last frame, and asks for no extra frame', () => {
    const { map, deck } = mapWithDeck();
    deck.setLayers(['machines']);
    takeNewLayersNow(map);
    expect(deck.drawn()).toEqual(['machines']);
    expect(deck.wantsAnotherFrame()).toBe(false);
  });

  it('leaves deck.gl alone when nothing new was handed over', () => {
    const { map, deck } = mapWithDeck();
    takeNewLayersNow(map);
    expect(deck.layerManager.updateLayers).not.toHaveBeenCalled();
  });

  it('does nothing before deck.gl has joined the map, or once it has left', () => {
    expect(() => takeNewLayersNow({} as MaplibreMap)).not.toThrow();
    expect(() => takeNewLayersNow({ __deck: null } as unknown as MaplibreMap)).not.toThrow();
    expect(() => takeNewLayersNow({ __deck: { layerManager: null } } as unknown as MaplibreMap)).not.toThrow();
  });
});
