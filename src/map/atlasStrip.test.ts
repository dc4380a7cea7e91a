import { describe, expect, it } from 'vitest';
import { atlasStrip } from './atlasStrip';
import { ICON_FRAMES } from './iconAtlas';

const cell = (x: number) => ({ x, y: 0, width: 48, height: 48, anchorY: 48 });

describe('the marker atlas as one strip', () => {
  it('reads the shipped atlas: 48 px cells in one row, anchored at the bottom centre', () => {
    const strip = atlasStrip(ICON_FRAMES);
    expect(strip.defines).toEqual({ CELL_WIDTH: '48.0', CELL_HEIGHT: '48.0', ROW_Y: '0.0', ANCHOR_X: '24.0', ANCHOR_Y: '48.0' });
    expect(strip.cell).toEqual({ width: 48, height: 48, rowY: 0, anchorX: 24, anchorY: 48 });
    expect(Array.from(strip.cellOf)).toEqual([0, 1, 2, 3]);
  });

  it('maps each display state to its cell, in any order', () => {
    const strip = atlasStrip({ available: cell(144), nearlyFull: cell(0), full: cell(48), maintenance: cell(96) });
    expect(Array.from(strip.cellOf)).toEqual([3, 0, 1, 2]);
  });

  it('refuses an atlas it cannot read as a strip', () => {
    const ok = { available: cell(0), nearlyFull: cell(48), full: cell(96), maintenance: cell(144) };
    expect(() => atlasStrip({ ...ok, full: { ...cell(96), width: 40 } })).toThrow(/full is not a cell of one strip/);
    expect(() => atlasStrip({ ...ok, full: { ...cell(96), y: 48 } })).toThrow(/full/);
    expect(() => atlasStrip({ ...ok, full: cell(100) })).toThrow(/full/);
    expect(() => atlasStrip({ ...ok, full: { ...cell(96), anchorY: 24 } })).toThrow(/full/);
    const { maintenance: _missing, ...partial } = ok;
    expect(() => atlasStrip(partial)).toThrow(/no image for maintenance/);
  });
});
