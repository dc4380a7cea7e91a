import { DISPLAY_STATES } from '../machines/displayState';

/** One image's frame in the atlas, as the icon mapping gives it (deck.gl's IconLayer anchors default to the middle). */
export interface IconFrame {
  x: number;
  y: number;
  width: number;
  height: number;
  anchorX?: number;
  anchorY?: number;
}

/** A marker as drawn on screen, for hit-testing: its size and anchor in CSS pixels and where it is opaque. */
export interface MarkerShape {
  width: number;
  height: number;
  /** The machine's position within the drawn marker, from its top-left corner. */
  anchorX: number;
  anchorY: number;
  /** Per display-state code: width × height bytes, row by row, 1 where the drawn marker covers the pixel. */
  masks: Uint8Array[];
}

/** RGBA pixels of the atlas, as `getImageData` returns them. */
export interface AtlasPixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** deck.gl's IconLayer `alphaCutoff` default: more transparent pixels are not drawn. */
export const ALPHA_CUTOFF = 0.05;

/**
 * The marker shapes as the layer draws them: each image scaled to `heightPx` tall and sampled at the centre of
 * every drawn pixel with the GPU's bilinear filter. The four images share one size and anchor (the atlas is
 * made so); without pixels (the atlas not read here) every pixel of the marker's box counts.
 */
export function markerShape(
  frames: Record<string, IconFrame>,
  heightPx: number,
  pixels: AtlasPixels | null,
): MarkerShape {
  const byState = DISPLAY_STATES.map((state) => {
    const frame = frames[state];
    if (!frame) throw new Error(`the marker atlas has no image for ${state}`);
    return frame;
  });
  const first = byState[0]!;
  const anchorOf = (f: IconFrame) => [f.anchorX ?? f.width / 2, f.anchorY ?? f.height / 2] as const;
  const [anchorX, anchorY] = anchorOf(first);
  for (const frame of byState) {
    const [ax, ay] = anchorOf(frame);
    if (frame.width !== first.width || frame.height !== first.height || ax !== anchorX || ay !== anchorY)
      throw new Error('the marker images differ in size or anchor');
  }
  const scale = first.height / heightPx;
  const width = Math.round(first.width / scale);
  const height = heightPx;
  const masks = byState.map((frame) => {
    const mask = new Uint8Array(width * height);
    if (!pixels) return mask.fill(1);
    for (let v = 0; v < height; v++) {
      for (let u = 0; u < width; u++) {
        const alpha = bilinearAlpha(pixels, frame, (u + 0.5) * scale, (v + 0.5) * scale);
        mask[v * width + u] = alpha >= ALPHA_CUTOFF * 255 ? 1 : 0;
      }
    }
    return mask;
  });
  return { width, height, anchorX: anchorX / scale, anchorY: anchorY / scale, masks };
}

/** Alpha at (x, y) within one image (texel centres at .5), clamped to the image's edge. */
function bilinearAlpha(pixels: AtlasPixels, frame: IconFrame, x: number, y: number): number {
  const fx = x - 0.5;
  const fy = y - 0.5;
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const tx = fx - x0;
  const ty = fy - y0;
  const at = (cx: number, cy: number) => {
    const px = frame.x + Math.min(frame.width - 1, Math.max(0, cx));
    const py = frame.y + Math.min(frame.height - 1, Math.max(0, cy));
    return pixels.data[(py * pixels.width + px) * 4 + 3] ?? 0;
  };
  const top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx;
  const bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx;
  return top * (1 - ty) + bottom * ty;
}
