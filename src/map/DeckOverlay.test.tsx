import { render } from '@testing-library/react';
import { Activity, StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The part of a MapLibre map the overlay uses: its controls, and what the kept-basemap layer asks of it. */
const map = {
  controls: new Set<unknown>(),
  addControl: vi.fn((control: unknown) => void map.controls.add(control)),
  removeControl: vi.fn((control: unknown) => void map.controls.delete(control)),
  hasControl: (control: unknown) => map.controls.has(control),
  on: vi.fn(),
  off: vi.fn(),
  getLayer: () => undefined,
  triggerRepaint: vi.fn(),
};

vi.mock('react-map-gl/maplibre', () => ({ useMap: () => ({ current: { getMap: () => map } }) }));
vi.mock('@deck.gl/mapbox', () => ({
  MapboxOverlay: class {
    setProps() {}
  },
}));
vi.mock('./lumaDevice', () => ({ lumaDeviceFor: () => ({}) }));
vi.mock('./maplibreCompat', () => ({ exposeTransformForDeck: () => {}, followMapCanvas: () => {}, takeNewLayersNow: () => {} }));

const { DeckOverlay } = await import('./DeckOverlay');

describe('DeckOverlay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    map.controls.clear();
    vi.clearAllMocks();
  });
  afterEach(() => vi.useRealTimers());

  it('keeps deck.gl on the map when React disconnects and reconnects its effects, and leaves when unmounted', () => {
    // StrictMode (in tests, React's development build) runs every effect's cleanup and the effect again at once,
    // as React does when it hides and shows a subtree it keeps.
    const view = render(
      <StrictMode>
        <DeckOverlay layers={[]} />
      </StrictMode>,
    );
    vi.runAllTimers();
    expect(map.addControl).toHaveBeenCalledTimes(1);
    expect(map.removeControl).not.toHaveBeenCalled();
    expect(map.controls.size).toBe(1);

    view.unmount();
    expect(map.controls.size).toBe(1);
    vi.runAllTimers();
    expect(map.removeControl).toHaveBeenCalledTimes(1);
    expect(map.controls.size).toBe(0);
  });

  it('joins the map again when its effects come back after it has left (hidden for a while, then shown)', () => {
    const tree = (mode: 'visible' | 'hidden') => (
      <Activity mode={mode}>
        <DeckOverlay layers={[]} />
      </Activity>
    );
    const view = render(tree('visible'));
    view.rerender(tree('hidden'));
    vi.runAllTimers();
    expect(map.controls.size).toBe(0);
    view.rerender(tree('visible'));
    expect(map.controls.size).toBe(1);
    expect(map.addControl).toHaveBeenCalledTimes(2);
  });
});
