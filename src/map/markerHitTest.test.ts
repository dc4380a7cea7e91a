import { describe, expect, it } from 'vitest';
import { packMachines } from '../machines/packedMachines';
import { testMachine } from '../../tests/unit/testMachine';
import { markerAt, type MapProjection } from './markerHitTest';
import type { MarkerShape } from './markerShape';

// 1 px per 0.001°, x to the east and y to the south from (114.0, 22.3) at (400, 300).
const map: MapProjection = {
  project: ([lng, lat]) => ({ x: (lng - 114) * 1000 + 400, y: (22.3 - lat) * 1000 + 300 }),
  unproject: ([x, y]) => ({ lng: 114 + (x - 400) / 1000, lat: 22.3 - (y - 300) / 1000 }),
};

// A 4 × 4 marker anchored at the middle of its bottom edge; every state a ring: opaque but for its 2 × 2 middle.
const RING = Uint8Array.from([1, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1]);
const shape: MarkerShape = { width: 4, height: 4, anchorX: 2, anchorY: 4, masks: [RING, RING, RING, RING] };

const machine = (id: string, lat: number, lng: number) => testMachine(id, { coordinates: [lat, lng] });

/** Machines at these screen points (their markers' anchors). */
function machinesAt(points: [number, number][]) {
  return packMachines(points.map(([x, y], i) => machine(`m${i}`, 22.3 - (y - 300) / 1000, 114 + (x - 400) / 1000)));
}

const allShown = (count: number) => new Float32Array(count).fill(1);

describe('markerAt', () => {
  it('finds the marker whose opaque pixels hold the point, and none where there is no marker', () => {
    const packed = machinesAt([
      [100, 100],
      [200, 200],
    ]);
    // The marker of (200, 200) covers x 198..202, y 196..200; its top-left pixel is opaque.
    expect(markerAt(packed, allShown(2), shape, map, { x: 198.5, y: 196.5 }, 0)).toBe(1);
    expect(markerAt(packed, allShown(2), shape, map, { x: 150, y: 150 }, 4)).toBe(-1);
  });

  it('takes the marker drawn on top (the later row) where two cover the point', () => {
    const packed = machinesAt([
      [200, 200],
      [200.4, 200],
    ]);
    expect(markerAt(packed, allShown(2), shape, map, { x: 198.6, y: 197 }, 0)).toBe(1);
  });

  it('takes the marker below through a transparent pixel of the one on top', () => {
    // The top marker's hole (x 200..202, y 197..199 for an anchor at 201, 200) lies on the lower one's right edge.
    const packed = machinesAt([
      [199, 200],
      [201, 200],
    ]);
    expect(markerAt(packed, allShown(2), shape, map, { x: 200.5, y: 198 }, 0)).toBe(0);
  });

  it('leaves out hidden machines', () => {
    const packed = machinesAt([
      [200, 200],
      [200, 200],
    ]);
    expect(markerAt(packed, Float32Array.from([1, 0]), shape, map, { x: 198.5, y: 196.5 }, 0)).toBe(0);
    expect(markerAt(packed, Float32Array.from([0, 0]), shape, map, { x: 198.5, y: 196.5 }, 4)).toBe(-1);
  });

  it('reaches a marker within the radius, the nearest of several, and none beyond it', () => {
    const packed = machinesAt([
      [200, 200],
      [210, 200],
    ]);
    // 3 px from the centre of the first marker's rightmost pixels (x 201.5), 4 px from the second's leftmost (208.5).
    expect(markerAt(packed, allShown(2), shape, map, { x: 204.5, y: 198 }, 4)).toBe(0);
    expect(markerAt(packed, allShown(2), shape, map, { x: 204.5, y: 198 }, 2)).toBe(-1);
    expect(markerAt(packed, allShown(2), shape, map, { x: 206.5, y: 198 }, 4)).toBe(1);
  });

  it('finds the marker among a hundred thousand others far from the point', () => {
    const points: [number, number][] = Array.from({ length: 100_000 }, (_, i) => [
      1000 + (i % 500) * 5,
      1000 + Math.floor(i / 500) * 5,
    ]);
    points[54_321] = [300, 300];
    const packed = machinesAt(points);
    expect(markerAt(packed, allShown(points.length), shape, map, { x: 298.5, y: 296.5 }, 4)).toBe(54_321);
  });
});
