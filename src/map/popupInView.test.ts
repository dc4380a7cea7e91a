import { describe, expect, it } from 'vitest';
import { FIT_PADDING_NONE_PX, FIT_PADDING_PANEL_OPEN_PX } from '../config';
import { panToShow } from './popupInView';

const MAP = { left: 0, top: 0, right: 1280, bottom: 800 };

describe('panToShow', () => {
  it('leaves a popup that is already clear of the panel where it is', () => {
    expect(panToShow({ left: 300, top: 200, right: 650, bottom: 420 }, MAP, FIT_PADDING_PANEL_OPEN_PX)).toEqual([0, 0]);
  });

  it('pans a popup out from under the open panel, with a margin', () => {
    // The panel covers x > 880; the room ends 12 px before it.
    expect(panToShow({ left: 700, top: 460, right: 1050, bottom: 670 }, MAP, FIT_PADDING_PANEL_OPEN_PX)).toEqual([
      1050 - 868,
      0,
    ]);
  });

  it('pans a popup cut by the top edge down into view', () => {
    expect(panToShow({ left: 100, top: -80, right: 450, bottom: 130 }, MAP, FIT_PADDING_NONE_PX)).toEqual([0, -92]);
  });

  it('pans a popup cut by the left edge', () => {
    expect(panToShow({ left: -40, top: 100, right: 310, bottom: 300 }, MAP, FIT_PADDING_NONE_PX)).toEqual([-52, 0]);
  });

  it('keeps the top left corner in view when the popup is larger than the room', () => {
    const small = { left: 0, top: 0, right: 300, bottom: 200 };
    expect(panToShow({ left: 40, top: 30, right: 400, bottom: 300 }, small, FIT_PADDING_NONE_PX)).toEqual([28, 18]);
  });
});
