/**
 * Map-tile fixtures for the browser tests (served in place of real tiles):
 *   testkit/fixtures/tile.png        256x256 pale neutral land (#f2efe9) with a
 *                                  faint 1 px grid line on its top and left
 *                                  edges, so adjacent tiles draw a grid
 *   testkit/fixtures/label-tile.png  256x256 fully transparent (empty label layer)
 *
 * Run: npx tsx scripts/make-fixtures.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Raster, hex, rect } from './raster';

const SIZE = 256;
const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'testkit', 'fixtures');

function main(): void {
  mkdirSync(OUT_DIR, { recursive: true });
  const grid = hex('#e3ded4');
  const tile = new Raster(SIZE, SIZE)
    .clear(hex('#f2efe9'))
    .fill(rect(0, 0, SIZE, 1), grid)
    .fill(rect(0, 0, 1, SIZE), grid);
  writeFileSync(join(OUT_DIR, 'tile.png'), tile.toPng());
  writeFileSync(join(OUT_DIR, 'label-tile.png'), new Raster(SIZE, SIZE).toPng());
  console.log(`wrote tile.png and label-tile.png to ${OUT_DIR}`);
}

main();
