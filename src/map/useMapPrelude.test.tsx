import { renderHook, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useMapPrelude } from './useMapPrelude';

const prepareMap = vi.fn();
vi.mock('./mapPrelude', () => ({ prepareMap: (...args: unknown[]) => prepareMap(...args) }));

const area = document.createElement('div');
const strict = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;

describe('useMapPrelude', () => {
  beforeEach(() => {
    prepareMap.mockReset().mockImplementation(() => ({ deckCanvas: document.createElement('canvas') }));
  });

  it('makes nothing until the map may start, then once for the map area, even when its effect runs twice', async () => {
    const hook = renderHook(({ start }) => useMapPrelude(start, { current: area }), {
      initialProps: { start: false },
      wrapper: strict,
    });
    expect(hook.result.current).toBeUndefined();
    expect(prepareMap).not.toHaveBeenCalled();
    hook.rerender({ start: true });
    await waitFor(() => expect(hook.result.current?.deckCanvas).toBeInstanceOf(HTMLCanvasElement));
    expect(prepareMap).toHaveBeenCalledTimes(1);
    expect(prepareMap).toHaveBeenCalledWith(area);
  });

  it('lets the map start without it when it cannot be made (its chunk not had, the canvas failing)', async () => {
    prepareMap.mockImplementation(() => {
      throw new Error('no canvas');
    });
    const hook = renderHook(() => useMapPrelude(true, { current: area }));
    await waitFor(() => expect(hook.result.current).toEqual({ deckCanvas: null }));
  });
});
