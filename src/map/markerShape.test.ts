import { describe, expect, it } from 'vitest';
import { ICON_FRAMES as frames } from './iconAtlas';
import { markerShape, type AtlasPixels } from './markerShape';

/** A 192 × 48 atlas of four 48 px cells: the first opaque, the second opaque in its top-left quarter only, the rest clear. */
function pixels(): AtlasPixels {
  const width = 192;
  const height = 48;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const opaque = x < 48 || (x >= 48 && x < 72 && y < 24);
      data[(y * width + x) * 4 + 3] = opaque ? 255 : 0;
    }
  }
  return { width, height, data };
}

const count = (mask: Uint8Array) => mask.reduce((sum, v) => sum + v, 0);

describe('markerShape', () => {
  it('scales the 48 px cells to the 24 px drawn marker, anchored at the middle of its bottom edge', () => {
    const shape = markerShape(frames, 24, pixels());
    expect(shape).toMatchObject({ width: 24, height: 24, anchorX: 12, anchorY: 24 });
    expect(shape.masks).toHaveLength(4);
  });

  it('marks the drawn pixels whose filtered alpha reaches the cutoff', () => {
    const [first, second, third] = markerShape(frames, 24, pixels()).masks as [Uint8Array, Uint8Array, Uint8Array];
    expect(count(first)).toBe(24 * 24);
    // The top-left 12 × 12 drawn pixels sample only opaque texels; their neighbours sample only clear ones.
    expect(count(second)).toBe(12 * 12);
    expect(second[11 * 24 + 11]).toBe(1);
    expect(second[11 * 24 + 12]).toBe(0);
    expect(count(third)).toBe(0);
  });

  it('counts the whole box when the atlas pixels cannot be read', () => {
    const { masks } = markerShape(frames, 24, null);
    for (const mask of masks) expect(count(mask)).toBe(24 * 24);
  });
});
