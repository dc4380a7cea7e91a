import { DISPLAY_STATES } from '../machines/displayState';

interface IconFrame {
  x: number;
  y: number;
  width: number;
  height: number;
  anchorX?: number;
  anchorY?: number;
}

/** The atlas as the marker shader reads it: equal cells side by side in one row, one shared anchor. */
export interface AtlasStrip {
  /** Cell size, the row's top and the anchor within a cell, in pixels of the atlas. */
  cell: { width: number; height: number; rowY: number; anchorX: number; anchorY: number };
  /** The same as shader constants. */
  defines: { CELL_WIDTH: string; CELL_HEIGHT: string; ROW_Y: string; ANCHOR_X: string; ANCHOR_Y: string };
  /** Atlas cell of each display-state code (the packed `stateCodes`). */
  cellOf: Uint8Array;
}

const glslFloat = (n: number) => (Number.isInteger(n) ? `${n}.0` : String(n));

/** Reads the atlas mapping as a strip, or throws when the images are not laid out as one. */
export function atlasStrip(mapping: Record<string, IconFrame>): AtlasStrip {
  const frames = DISPLAY_STATES.map((state) => {
    const frame = mapping[state];
    if (!frame) throw new Error(`the marker atlas has no image for ${state}`);
    return frame;
  });
  const [first] = frames as [IconFrame];
  const anchorX = first.anchorX ?? first.width / 2;
  const anchorY = first.anchorY ?? first.height / 2;
  const cellOf = new Uint8Array(frames.length);
  frames.forEach((frame, code) => {
    const cell = frame.x / first.width;
    const sameShape = frame.width === first.width && frame.height === first.height && frame.y === first.y;
    const sameAnchor = (frame.anchorX ?? frame.width / 2) === anchorX && (frame.anchorY ?? frame.height / 2) === anchorY;
    if (!sameShape || !sameAnchor || !Number.isInteger(cell) || cell > 255) {
      throw new Error(`the marker atlas image for ${DISPLAY_STATES[code]} is not a cell of one strip`);
    }
    cellOf[code] = cell;
  });
  return {
    cell: { width: first.width, height: first.height, rowY: first.y, anchorX, anchorY },
    defines: {
      CELL_WIDTH: glslFloat(first.width),
      CELL_HEIGHT: glslFloat(first.height),
      ROW_Y: glslFloat(first.y),
      ANCHOR_X: glslFloat(anchorX),
      ANCHOR_Y: glslFloat(anchorY),
    },
    cellOf,
  };
}
