import type { Layer } from '@deck.gl/core';
import { render } from '@testing-library/react';
import { Activity, StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The part of a MapLibre map react-map-gl's useControl uses: its controls. */
const map = {
  controls: new Set<unknown>(),
  addControl: vi.fn((control: unknown) => void map.controls.add(control)),
  removeControl: vi.fn((control: unknown) => void map.controls.delete(control)),
  hasControl: (control: unknown) => map.controls.has(control),
};
const deckCanvas = document.createElement('canvas');
const overlays: { props: Record<string, unknown>; setProps: ReturnType<typeof vi.fn> }[] = [];

vi.mock('react-map-gl/maplibre', async () => {
  const { useEffect, useMemo } = await import('react');
  // react-map-gl's own useControl, against the fake map above.
  return {
    useControl: (create: () => unknown, onAdd: () => void, onRemove: () => void) => {
      // eslint-disable-next-line react-hooks/exhaustive-deps
      const control = useMemo(() => create(), []);
      useEffect(() => {
        if (!map.hasControl(control)) {
          map.addControl(control);
          onAdd();
        }
        return () => {
          onRemove();
          if (map.hasControl(control)) map.removeControl(control);
        };
        // eslint-disable-next-line react-hooks/exhaustive-deps
      }, []);
      return control;
    },
  };
});
vi.mock('@deck.gl/maplibre', () => ({
  MapLibreOverlay: class {
    setProps = vi.fn();
    getCanvas = vi.fn(() => deckCanvas);
    constructor(readonly props: Record<string, unknown>) {
      overlays.push(this);
    }
  },
}));

const { DeckOverlay } = await import('./DeckOverlay');

const layer = (id: string) =>
  ({ id, clone: vi.fn(() => ({ id, cloned: true })) }) as unknown as Layer & { clone: ReturnType<typeof vi.fn> };

describe('DeckOverlay', () => {
  beforeEach(() => {
    map.controls.clear();
    overlays.length = 0;
    vi.clearAllMocks();
  });

  it('puts one overlay (its own canvas) on the map, hands it new layers when they change, and leaves the map when unmounted', () => {
    const first = [layer('machines')];
    const view = render(
      <StrictMode>
        <DeckOverlay layers={first} />
      </StrictMode>,
    );
    // StrictMode renders twice and runs the effect twice: one overlay on the map all the same.
    expect(map.controls.size).toBe(1);
    const [onMap] = [...map.controls] as typeof overlays;
    expect(onMap!.props).toMatchObject({
      interleaved: false,
      layers: first,
      deviceProps: { webgl: { preserveDrawingBuffer: false } },
    });
    const second = [layer('machines')];
    view.rerender(
      <StrictMode>
        <DeckOverlay layers={second} />
      </StrictMode>,
    );
    expect(onMap!.setProps).toHaveBeenLastCalledWith(expect.objectContaining({ layers: second }));
    view.unmount();
    expect(map.controls.size).toBe(0);
  });

  it('hands copies of its layers to the overlay added again after a removal (a hidden subtree shown again)', () => {
    const layers = [layer('machines')];
    const tree = (mode: 'visible' | 'hidden') => (
      <Activity mode={mode}>
        <DeckOverlay layers={layers} />
      </Activity>
    );
    const view = render(tree('visible'));
    expect(layers[0]!.clone).not.toHaveBeenCalled();
    view.rerender(tree('hidden'));
    expect(map.controls.size).toBe(0);
    view.rerender(tree('visible'));
    expect(map.controls.size).toBe(1);
    expect(layers[0]!.clone).toHaveBeenCalledTimes(1);
    expect(overlays[0]!.setProps).toHaveBeenCalledWith({ layers: [{ id: 'machines', cloned: true }] });
  });

  it("keeps deck.gl's canvas out of the tab order after a draw, and calls the caller's hook", () => {
    const onAfterRender = vi.fn();
    deckCanvas.tabIndex = 0;
    render(<DeckOverlay layers={[]} onAfterRender={onAfterRender} />);
    const context = { device: null, gl: null };
    (overlays[0]!.props.onAfterRender as (c: unknown) => void)(context);
    expect(deckCanvas.tabIndex).toBe(-1);
    expect(deckCanvas.getAttribute('aria-hidden')).toBe('true');
    expect(onAfterRender).toHaveBeenCalledWith(context);
  });
});
