import { DISPLAY_STATES } from '../machines/displayState';
import type { AtlasStrip } from './atlasStrip';

/** A marker as drawn on screen, for hit-testing: its size and anchor in CSS pixels and where it is opaque. */
export interface MarkerShape {
  width: number;
  height: number;
  /** The machine's position within the drawn marker, from its top-left corner. */
  anchorX: number;
  anchorY: number;
  /** Per display-state code: width × height bytes, row by row, 1 where the drawn marker can be picked. */
  masks: Uint8Array[];
}

/** RGBA pixels of the atlas, as `getImageData` returns them. */
export interface AtlasPixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** deck.gl's IconLayer `alphaCutoff`: pixels more transparent than this are not picked. */
export const PICK_ALPHA_CUTOFF = 0.05;

/**
 * The marker shapes as the layer draws them: each atlas cell scaled to `heightPx` tall and sampled at the
 * centre of every drawn pixel with the GPU's bilinear filter. Without pixels (the atlas failed to decode here)
 * every pixel of the marker's box counts.
 */
export function markerShape(strip: AtlasStrip, heightPx: number, pixels: AtlasPixels | null): MarkerShape {
  const { width: cellWidth, height: cellHeight, rowY, anchorX, anchorY } = strip.cell;
  const scale = cellHeight / heightPx;
  const width = Math.round(cellWidth / scale);
  const height = heightPx;
  const masks = DISPLAY_STATES.map((_, code) => {
    const mask = new Uint8Array(width * height);
    if (!pixels) return mask.fill(1);
    const cellX = (strip.cellOf[code] ?? 0) * cellWidth;
    for (let v = 0; v < height; v++) {
      for (let u = 0; u < width; u++) {
        const alpha = bilinearAlpha(pixels, cellX, rowY, cellWidth, cellHeight, (u + 0.5) * scale, (v + 0.5) * scale);
        mask[v * width + u] = alpha >= PICK_ALPHA_CUTOFF * 255 ? 1 : 0;
      }
    }
    return mask;
  });
  return { width, height, anchorX: anchorX / scale, anchorY: anchorY / scale, masks };
}

/** Alpha at (x, y) within one cell (texel centres at .5), clamped to the cell's edge as the atlas is sampled. */
function bilinearAlpha(pixels: AtlasPixels, cellX: number, cellY: number, cellWidth: number, cellHeight: number, x: number, y: number): number {
  const fx = x - 0.5;
  const fy = y - 0.5;
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const tx = fx - x0;
  const ty = fy - y0;
  const at = (cx: number, cy: number) => {
    const px = cellX + Math.min(cellWidth - 1, Math.max(0, cx));
    const py = cellY + Math.min(cellHeight - 1, Math.max(0, cy));
    return pixels.data[(py * pixels.width + px) * 4 + 3] ?? 0;
  };
  const top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx;
  const bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx;
  return top * (1 - ty) + bottom * ty;
}
