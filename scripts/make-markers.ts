/**
 * Map marker icons for the machine layer (deck.gl IconLayer).
 *
 * Writes assets/markers/{available,nearly-full,full,maintenance}.png (48x48,
 * shown at 24x24 CSS px) plus assets/markers/atlas.png (192x48, same order)
 * and assets/markers/atlas.json (IconLayer iconMapping, anchored at the tip).
 *
 * Each icon is a classic pin: round head, point touching the bottom centre,
 * a thin white outline with a faint dark hairline outside it (so it reads on
 * white tiles as well as pale land), a 1 px darker rim inside, and a white
 * glyph whose shape differs per state (not just the colour):
 *   available   green  #3fa535  check mark
 *   nearly full amber  #f5a623  exclamation mark
 *   full        red    #d0021b  horizontal bar (no-entry)
 *   maintenance grey   #8a8f98  wrench
 *
 * Run: npx tsx scripts/make-markers.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Raster, capsule, circle, hex, offset, polygon, shade, subtract, union, type Shape } from './raster';

const SIZE = 48;
const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'markers');

// Pin geometry (px on the 48x48 canvas). The core is the coloured body; the
// white outline and hairline grow it by OUTLINE + HAIRLINE, which puts the
// outermost edge of the tip exactly on the bottom edge.
const OUTLINE = 2;
const HAIRLINE = 1;
const HEAD = { x: SIZE / 2, y: 19, r: 15 };
const TIP = { x: SIZE / 2, y: SIZE - OUTLINE - HAIRLINE };

/** Round head plus the cone from the tip to the head's tangent points. */
function pinShape(): Shape {
  const dy = TIP.y - HEAD.y;
  const a = Math.acos(HEAD.r / dy); // angle between "down" and each tangent point
  const tx = HEAD.r * Math.sin(a);
  const ty = HEAD.y + HEAD.r * Math.cos(a);
  return union(
    circle(HEAD.x, HEAD.y, HEAD.r),
    polygon([
      [TIP.x, TIP.y],
      [HEAD.x - tx, ty],
      [HEAD.x + tx, ty],
    ]),
  );
}

const STROKE = 2.4; // glyph half stroke width (4.8 px = 2.4 CSS px)
const { x: cx, y: cy } = HEAD;

const GLYPHS = {
  // Check mark.
  available: (): Shape =>
    union(capsule(cx - 6.5, cy + 0.5, cx - 2, cy + 5, STROKE), capsule(cx - 2, cy + 5, cx + 6.5, cy - 5, STROKE)),
  // Exclamation mark: tapered stem and a dot.
  nearlyFull: (): Shape =>
    union(
      circle(cx, cy - 7, 2.9),
      circle(cx, cy + 1.6, 2),
      polygon([
        [cx - 2.9, cy - 7],
        [cx + 2.9, cy - 7],
        [cx + 2, cy + 1.6],
        [cx - 2, cy + 1.6],
      ]),
      circle(cx, cy + 7.2, 2.7), // the dot
    ),
  // Horizontal no-entry bar.
  full: (): Shape => capsule(cx - 7.5, cy, cx + 7.5, cy, 3),
  // Open-ended wrench, handle to the bottom-left, jaw to the top-right.
  maintenance: (): Shape => {
    const d = Math.SQRT1_2; // unit diagonal component
    const hx = cx + 3.2;
    const hy = cy - 3.2; // head centre
    const head = circle(hx, hy, 5.6);
    // Slot cut from the head centre outwards along the diagonal.
    const slot = polygon([
      [hx - 2.1 * d, hy - 2.1 * d],
      [hx + 2.1 * d, hy + 2.1 * d],
      [hx + 2.1 * d + 8 * d, hy + 2.1 * d - 8 * d],
      [hx - 2.1 * d + 8 * d, hy - 2.1 * d - 8 * d],
    ]);
    const handle = capsule(cx - 6.5, cy + 6.5, hx - 1.5, hy + 1.5, 2.3);
    return subtract(union(head, handle), slot);
  },
} satisfies Record<string, () => Shape>;

type MarkerKey = keyof typeof GLYPHS;

/** One entry of a deck.gl IconLayer `iconMapping`. */
interface IconMapping {
  x: number;
  y: number;
  width: number;
  height: number;
  anchorY: number;
  mask: boolean;
}

const MARKERS: { key: MarkerKey; file: string; color: string }[] = [
  { key: 'available', file: 'available.png', color: '#3fa535' },
  { key: 'nearlyFull', file: 'nearly-full.png', color: '#f5a623' },
  { key: 'full', file: 'full.png', color: '#d0021b' },
  { key: 'maintenance', file: 'maintenance.png', color: '#8a8f98' },
];

function drawMarker(key: MarkerKey, color: string): Raster {
  const pin = pinShape();
  const body = hex(color);
  return new Raster(SIZE, SIZE)
    .fill(offset(pin, OUTLINE + HAIRLINE), hex('#000000', 0.28))
    .fill(offset(pin, OUTLINE), hex('#ffffff'))
    .fill(pin, shade(body, 0.22))
    .fill(offset(pin, -1), body)
    .fill(GLYPHS[key](), hex('#ffffff'));
}

function main(): void {
  mkdirSync(OUT_DIR, { recursive: true });
  const atlas = new Raster(SIZE * MARKERS.length, SIZE);
  const mapping: Partial<Record<MarkerKey, IconMapping>> = {};
  MARKERS.forEach(({ key, file, color }, i) => {
    const icon = drawMarker(key, color);
    writeFileSync(join(OUT_DIR, file), icon.toPng());
    atlas.blit(icon, i * SIZE, 0);
    mapping[key] = { x: i * SIZE, y: 0, width: SIZE, height: SIZE, anchorY: SIZE, mask: false };
  });
  writeFileSync(join(OUT_DIR, 'atlas.png'), atlas.toPng());
  writeFileSync(join(OUT_DIR, 'atlas.json'), JSON.stringify(mapping, null, 2) + '\n');
  console.log(`wrote ${MARKERS.length} markers + atlas to ${OUT_DIR}`);
}

main();
