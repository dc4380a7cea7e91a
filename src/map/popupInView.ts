/** CSS px of the map's edges that something covers. */
export interface ViewPadding {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** How long the map pans to show the whole of a card that opened cut by an edge or under the panel. */
export const POPUP_PAN_MS = 300;

/** Room kept between an opened card and the covered edge, CSS px. */
export const POPUP_MARGIN_PX = 12;

/**
 * How far to pan the map (MapLibre's `panBy`: positive moves the view right and down) so that the popup's box lies
 * inside the map's box less its covered edges. A popup larger than that room keeps its top left corner in view.
 */
export function panToShow(popup: Box, map: Box, padding: ViewPadding, margin = POPUP_MARGIN_PX): [number, number] {
  const room = {
    left: map.left + padding.left + margin,
    right: map.right - padding.right - margin,
    top: map.top + padding.top + margin,
    bottom: map.bottom - padding.bottom - margin,
  };
  const along = (start: number, end: number, roomStart: number, roomEnd: number) => {
    if (start < roomStart || end - start > roomEnd - roomStart) return start - roomStart;
    return end > roomEnd ? end - roomEnd : 0;
  };
  return [along(popup.left, popup.right, room.left, room.right), along(popup.top, popup.bottom, room.top, room.bottom)];
}
