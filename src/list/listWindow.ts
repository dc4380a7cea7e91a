/** Rows drawn beyond each edge of the viewport, so a fast scroll does not show blank rows. */
export const OVERSCAN_ROWS = 6;
/** Browsers stop growing an element at about 33 million px; taller lists scroll on a scaled track. */
export const MAX_SCROLL_HEIGHT_PX = 8_000_000;

export interface ListWindow {
  /** First and one past the last row to draw. */
  start: number;
  end: number;
  /** Height of the scrolled content. */
  height: number;
  /** Where row i sits: `i * rowPx + shift`; non-zero only on a scaled track. */
  shift: number;
}

interface Track {
  count: number;
  rowPx: number;
  viewportPx: number;
}

function trackOf({ count, rowPx, viewportPx }: Track) {
  const natural = count * rowPx;
  const height = Math.min(natural, MAX_SCROLL_HEIGHT_PX);
  // How far the rows move per pixel scrolled: 1 unless the track is scaled down.
  const ratio = height > viewportPx ? Math.max(natural - viewportPx, 0) / (height - viewportPx) : 1;
  return { height, ratio };
}

/** The rows to draw for a scroll position. */
export function listWindow(scrollTop: number, track: Track): ListWindow {
  const { count, rowPx, viewportPx } = track;
  const { height, ratio } = trackOf(track);
  const top = Math.max(0, scrollTop) * ratio;
  const first = Math.floor(top / rowPx);
  return {
    start: Math.max(0, first - OVERSCAN_ROWS),
    end: Math.min(count, first + Math.ceil(viewportPx / rowPx) + 1 + OVERSCAN_ROWS),
    height,
    shift: scrollTop - top,
  };
}

/** The scroll position that brings a row fully into view, or null when it already is. */
export function scrollTopToReveal(row: number, scrollTop: number, track: Track): number | null {
  const { rowPx, viewportPx } = track;
  const { ratio } = trackOf(track);
  const top = Math.max(0, scrollTop) * ratio;
  const rowTop = row * rowPx;
  if (rowTop < top) return rowTop / ratio;
  if (rowTop + rowPx > top + viewportPx) return (rowTop + rowPx - viewportPx) / ratio;
  return null;
}
