import { describe, expect, it } from 'vitest';
import { fillVertexIcons, fillVertexPositions, VERTICES_PER_ICON, vertexStartsFor } from './machineVertices';

const positions = new Float64Array([114.25, 22.5, 114.0, 22.25, 113.5, 22.0]);
const ORIGIN = [114, 22] as const;

describe('the vertices of the machine markers', () => {
  it('gives all six vertices of a machine its position in degrees from the origin', () => {
    const out = new Float32Array(3 * VERTICES_PER_ICON * 2);
    fillVertexPositions(out, positions, ORIGIN, 0, Infinity);
    const vertex = (i: number) => [out[i * 2], out[i * 2 + 1]];
    expect(Array.from({ length: 6 }, (_, i) => vertex(i))).toEqual(Array(6).fill([0.25, 0.5]));
    expect(vertex(6)).toEqual([0, 0.25]);
    expect(vertex(17)).toEqual([-0.5, 0]);
  });

  it('fills only the rows of a range, and leaves the others as they were', () => {
    const out = new Float32Array(3 * VERTICES_PER_ICON * 2).fill(9);
    fillVertexPositions(out, positions, ORIGIN, 1, 2);
    expect(out[11]).toBe(9);
    expect([out[12], out[13], out[22], out[23]]).toEqual([0, 0.25, 0, 0.25]);
    expect(out[24]).toBe(9);
  });

  it('keeps street-level precision: a 1 m step stays a step in 32-bit floats', () => {
    const out = new Float32Array(2 * VERTICES_PER_ICON * 2);
    const oneMetre = 1 / 111_320;
    fillVertexPositions(out, new Float64Array([114.3, 22.45, 114.3 + oneMetre, 22.45]), ORIGIN, 0, 2);
    expect(out[12]! - out[0]!).toBeCloseTo(oneMetre, 7);
  });

  it('gives each vertex the atlas cell of its machine’s state and whether it is shown', () => {
    const out = new Uint8Array(3 * VERTICES_PER_ICON * 2);
    const cellOf = new Uint8Array([3, 2, 1, 0]);
    fillVertexIcons(out, new Uint8Array([0, 2, 3]), cellOf, new Float32Array([1, 0, 1]), 0, Infinity);
    const rows = [0, 1, 2].map((row) => Array.from(out.subarray(row * 12, row * 12 + 12)));
    expect(rows).toEqual([Array(6).fill([3, 1]).flat(), Array(6).fill([1, 0]).flat(), Array(6).fill([0, 1]).flat()]);
  });

  it('starts machine i at vertex 6i', () => {
    expect(Array.from(vertexStartsFor(4))).toEqual([0, 6, 12, 18]);
    expect(vertexStartsFor(4)).toBe(vertexStartsFor(4));
  });
});
