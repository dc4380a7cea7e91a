/** Two triangles per machine: the corner of each vertex comes from its index, not from an attribute. */
export const VERTICES_PER_ICON = 6;

/** Per vertex of rows [startRow, endRow): the machine's longitude and latitude in degrees from `origin`. */
export function fillVertexPositions(
  out: Float32Array,
  positions: Float64Array,
  origin: readonly [number, number, ...number[]],
  startRow: number,
  endRow: number,
): void {
  const end = Math.min(endRow, positions.length / 2);
  for (let row = startRow; row < end; row++) {
    const dx = positions[row * 2]! - origin[0];
    const dy = positions[row * 2 + 1]! - origin[1];
    for (let v = row * VERTICES_PER_ICON * 2, last = v + VERTICES_PER_ICON * 2; v < last; v += 2) {
      out[v] = dx;
      out[v + 1] = dy;
    }
  }
}

/** Per vertex of rows [startRow, endRow): the atlas cell of the machine's state, and 1 if shown, 0 if hidden. */
export function fillVertexIcons(
  out: Uint8Array,
  stateCodes: Uint8Array,
  cellOf: Uint8Array,
  shownMask: Float32Array,
  startRow: number,
  endRow: number,
): void {
  const end = Math.min(endRow, stateCodes.length);
  for (let row = startRow; row < end; row++) {
    const cell = cellOf[stateCodes[row]!]!;
    const shown = shownMask[row] ? 1 : 0;
    for (let v = row * VERTICES_PER_ICON * 2, last = v + VERTICES_PER_ICON * 2; v < last; v += 2) {
      out[v] = cell;
      out[v + 1] = shown;
    }
  }
}

/** Vertex `i * 6` starts machine `i`: what deck.gl needs to upload the rows of a partial change. */
let vertexStarts = new Uint32Array(0);
export function vertexStartsFor(count: number): Uint32Array {
  if (vertexStarts.length !== count) {
    vertexStarts = new Uint32Array(count);
    for (let i = 0; i < count; i++) vertexStarts[i] = i * VERTICES_PER_ICON;
  }
  return vertexStarts;
}
