/**
 * Demo "photos" of reverse vending machines: flat, stylised 320x240 PNG
 * illustrations, one per machine, plus a neutral SVG placeholder.
 *
 * Reads assets/demo/machines.json (an array of machines, or `{ machines: [...] }`)
 * and draws assets/photos/<name>.png for every machine with a `photo` field;
 * <name> is the photo's own file name when it is a string like "rvm-007.png"
 * (or a path/URL ending in one), else the machine id. Without that file it
 * falls back to rvm-001..rvm-050. Everything is deterministic from the name:
 * the scene (mall, MTR station, park, estate lobby), colours, the machine's
 * place and the props around it.
 * Also writes assets/photos/placeholder.svg (viewBox 0 0 88 88).
 *
 * Run: npx tsx scripts/make-photos.ts
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Raster,
  capsule,
  circle,
  ellipse,
  hex,
  intersect,
  polygon,
  rect,
  roundRect,
  shade,
  tint,
  union,
  type Color,
  type Shape,
} from './raster';

const W = 320;
const H = 240;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MACHINES_JSON = join(ROOT, 'assets', 'demo', 'machines.json');
const OUT_DIR = join(ROOT, 'assets', 'photos');
const BRAND = hex('#3fa535');

// ---------------------------------------------------------------- randomness

/** FNV-1a, so a name always gives the same picture. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

class Rng {
  constructor(private state: number) {}
  /** mulberry32, in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
  int(lo: number, hi: number): number {
    return Math.floor(this.range(lo, hi + 1));
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from empty list');
    return item;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

// ---------------------------------------------------------------- props

/** Upright bottle glyph, `h` tall, top centre at (x, y). */
function bottle(x: number, y: number, h: number): Shape {
  const n = h * 0.09; // neck half width
  const b = h * 0.2; // body half width
  return union(
    roundRect(x - n * 1.25, y, n * 2.5, h * 0.09, h * 0.02),
    rect(x - n, y + h * 0.07, n * 2, h * 0.18),
    polygon([
      [x - n, y + h * 0.24],
      [x + n, y + h * 0.24],
      [x + b, y + h * 0.4],
      [x - b, y + h * 0.4],
    ]),
    roundRect(x - b, y + h * 0.38, b * 2, h * 0.62, h * 0.07),
  );
}

function machine(r: Raster, rng: Rng, x: number, baseY: number, s: number): void {
  const w = Math.round(100 * s);
  const h = Math.round(184 * s);
  const top = baseY - h;
  const cx = x + w / 2;
  const bodyColor = rng.pick([hex('#f6f7f5'), hex('#eef3ec'), hex('#f1f2f4')]);
  const body = roundRect(x, top, w, h, 11 * s);

  r.fill(ellipse(cx + 8, baseY, w * 0.66, 8 * s), hex('#000000', 0.16)); // floor shadow
  r.fill(roundRect(x + 7 * s, top + 5 * s, w, h - 5 * s, 11 * s), hex('#c3cacd')); // right side
  r.fill(body, bodyColor);
  r.fill(roundRect(x + w - 6 * s, top + 6 * s, 3 * s, h - 12 * s, 1.5 * s), shade(bodyColor, 0.06));

  // Brand panel across the top with a bottle and two "lettering" bars.
  const panelH = 36 * s;
  r.fill(intersect(body, rect(x, top, w, panelH)), BRAND);
  r.fill(bottle(x + 18 * s, top + 7 * s, 23 * s), hex('#ffffff'));
  r.fill(capsule(x + 33 * s, top + 14 * s, x + w - 14 * s, top + 14 * s, 2.6 * s), hex('#ffffff'));
  r.fill(capsule(x + 33 * s, top + 23 * s, x + w - 30 * s, top + 23 * s, 2 * s), hex('#ffffff', 0.75));

  // Screen with a simple UI.
  const sx = x + 13 * s;
  const sy = top + 47 * s;
  const sw = w - 26 * s;
  const sh = 46 * s;
  r.fill(roundRect(sx - 3 * s, sy - 3 * s, sw + 6 * s, sh + 6 * s, 5 * s), hex('#b9c0c4'));
  r.fill(roundRect(sx, sy, sw, sh, 3 * s), hex('#1f2a33'));
  r.fill(roundRect(sx + 6 * s, sy + 7 * s, sw * 0.45, 5 * s, 2 * s), BRAND);
  r.fill(capsule(sx + 8 * s, sy + 20 * s, sx + sw - 12 * s, sy + 20 * s, 1.6 * s), hex('#ffffff', 0.7));
  r.fill(capsule(sx + 8 * s, sy + 27 * s, sx + sw * 0.6, sy + 27 * s, 1.6 * s), hex('#ffffff', 0.45));
  r.fill(roundRect(sx + sw - 26 * s, sy + sh - 13 * s, 20 * s, 8 * s, 3 * s), hex('#f5a623'));
  const glare = polygon([
    [sx + sw - 30 * s, sy],
    [sx + sw - 16 * s, sy],
    [sx + sw - 40 * s, sy + sh],
    [sx + sw - 54 * s, sy + sh],
  ]);
  r.fill(glare, hex('#ffffff', 0.06));

  // Round bottle intake.
  const iy = top + 122 * s;
  r.fill(circle(cx, iy, 19 * s), BRAND);
  r.fill(circle(cx, iy, 15.5 * s), hex('#9aa3a8'));
  r.fill(circle(cx, iy, 12 * s), hex('#161b1f'));
  r.fill(ellipse(cx - 3 * s, iy - 4 * s, 5 * s, 3 * s), hex('#ffffff', 0.12));

  // Service door, receipt slot and plinth.
  const dy = top + 148 * s;
  r.fill(roundRect(x + 12 * s, dy, w - 24 * s, h - 158 * s, 3 * s), shade(bodyColor, 0.07));
  r.fill(roundRect(x + 13 * s, dy + 1 * s, w - 26 * s, h - 160 * s, 2.5 * s), bodyColor);
  r.fill(capsule(cx - 9 * s, dy + 9 * s, cx + 9 * s, dy + 9 * s, 1.8 * s), hex('#9aa3a8'));
  r.fill(rect(x + w - 26 * s, top + 104 * s, 12 * s, 2.5 * s), hex('#4a5358'));
  r.fill(rect(x + 5 * s, baseY - 5 * s, w - 10 * s + 7 * s, 5 * s), hex('#4a5358'));
}

function plant(r: Raster, rng: Rng, x: number, baseY: number): void {
  const leaf = rng.pick([hex('#4f8f3a'), hex('#3f7d4d'), hex('#5d9b45')]);
  const pot = rng.pick([hex('#b86f4b'), hex('#d9d4cc'), hex('#5b6770')]);
  r.fill(ellipse(x + 4, baseY, 22, 4), hex('#000000', 0.14));
  for (const [dx, dy, rr] of [
    [-12, -62, 13],
    [10, -66, 14],
    [0, -80, 14],
    [-6, -48, 12],
    [11, -47, 11],
  ] as const) {
    r.fill(circle(x + dx, baseY + dy, rr), rng.chance(0.5) ? leaf : tint(leaf, 0.12));
  }
  r.fill(
    polygon([
      [x - 15, baseY - 38],
      [x + 15, baseY - 38],
      [x + 11, baseY],
      [x - 11, baseY],
    ]),
    pot,
  );
  r.fill(rect(x - 16, baseY - 40, 32, 5), shade(pot, 0.12));
}

/** Hong Kong style trio of recycling bins: blue (paper), yellow (cans), brown (plastic). */
function bins(r: Raster, x: number, baseY: number): void {
  const colors = ['#2f6fb7', '#f2c230', '#8a5a3b'];
  r.fill(ellipse(x + 58, baseY, 62, 5), hex('#000000', 0.14));
  colors.forEach((c, i) => {
    const bx = x + i * 38;
    const col = hex(c);
    r.fill(roundRect(bx, baseY - 58, 34, 58, 3), col);
    r.fill(roundRect(bx - 2, baseY - 64, 38, 10, 4), shade(col, 0.15));
    r.fill(roundRect(bx + 9, baseY - 61, 16, 3, 1.5), hex('#222222', 0.7));
    r.fill(circle(bx + 17, baseY - 33, 7), hex('#ffffff', 0.85));
  });
}

function bench(r: Raster, x: number, baseY: number, color: Color): void {
  r.fill(ellipse(x + 45, baseY, 50, 4), hex('#000000', 0.12));
  r.fill(rect(x + 6, baseY - 24, 5, 24), hex('#555b60'));
  r.fill(rect(x + 79, baseY - 24, 5, 24), hex('#555b60'));
  r.fill(roundRect(x, baseY - 30, 90, 7, 2), color);
  r.fill(roundRect(x, baseY - 52, 90, 6, 2), color);
  r.fill(roundRect(x, baseY - 42, 90, 6, 2), color);
}

function tree(r: Raster, x: number, baseY: number, h: number, leaf: Color): void {
  r.fill(rect(x - 4, baseY - h * 0.45, 8, h * 0.45), hex('#7a5a40'));
  r.fill(circle(x - h * 0.18, baseY - h * 0.62, h * 0.26), shade(leaf, 0.08));
  r.fill(circle(x + h * 0.2, baseY - h * 0.6, h * 0.24), leaf);
  r.fill(circle(x, baseY - h * 0.8, h * 0.28), tint(leaf, 0.08));
}

// ---------------------------------------------------------------- scenes

type Scene = 'mall' | 'station' | 'park' | 'lobby';

/** Horizontal stretch [x0, x1) of the picture. */
type Span = readonly [number, number];

/** Pick an x so that [x, x + width) lies in `span` when it can (else anywhere on the picture). */
function within(rng: Rng, span: Span, width: number): number {
  return span[1] - span[0] >= width + 8
    ? rng.int(span[0] + 4, span[1] - width - 4)
    : rng.int(-width / 3, W - (2 * width) / 3);
}

/** Paints the backdrop with the wall meeting the floor at `floorY`; returns where props stand. */
function backdrop(r: Raster, rng: Rng, scene: Scene, floorY: number, free: Span): number {
  switch (scene) {
    case 'mall': {
      const wall = rng.pick(['#efe6d8', '#e8ecef', '#f3e9e4', '#e6efe9', '#f4f0e2']);
      const wallC = hex(wall);
      r.clear(wallC);
      // Shop front: glass with mullions, fascia above.
      const gw = rng.int(150, 230);
      const gx = within(rng, free, gw * 0.7) - rng.int(0, 1) * gw * 0.3;
      r.fill(rect(gx, 28, gw, 12), shade(wallC, 0.35));
      r.fill(rect(gx + 10, 31, gw * 0.35, 6), hex('#ffffff', 0.8));
      r.fill(rect(gx, 40, gw, floorY - 40), hex('#cfe3ec'));
      for (let mx = gx; mx <= gx + gw; mx += gw / 3) r.fill(rect(mx - 2, 40, 4, floorY - 40), hex('#8f9aa1'));
      r.fill(
        polygon([
          [gx + 20, floorY],
          [gx + 60, 40],
          [gx + 80, 40],
          [gx + 40, floorY],
        ]),
        hex('#ffffff', 0.35),
      );
      const floor = hex(rng.pick(['#d9d2c5', '#cfd3d6', '#e2dccf', '#c9c2b6']));
      r.fill(rect(0, floorY, W, H - floorY), floor);
      for (let y = floorY + 14, step = 14; y < H; step += 6, y += step) r.fill(rect(0, y, W, 1), shade(floor, 0.08));
      break;
    }
    case 'station': {
      const tile = hex(rng.pick(['#f2c230', '#6fb1d8', '#e3795a', '#7cc0a0', '#c79be0', '#f0e6c8']));
      r.clear(tile);
      for (let y = 16; y < floorY; y += 16) r.fill(rect(0, y, W, 1), shade(tile, 0.1));
      for (let x = rng.int(0, 15); x < W; x += 16) r.fill(rect(x, 0, 1, floorY), shade(tile, 0.1));
      // Direction sign.
      r.fill(rect(0, 18, W, 26), hex('#2b3137'));
      r.fill(rect(12, 27, 70, 8), hex('#ffffff', 0.85));
      r.fill(rect(96, 27, 44, 8), hex('#ffffff', 0.55));
      r.fill(
        polygon([
          [W - 28, 23],
          [W - 14, 31],
          [W - 28, 39],
        ]),
        hex('#f5a623'),
      );
      r.fill(rect(0, floorY - 10, W, 10), shade(tile, 0.3));
      const floor = hex(rng.pick(['#b9bcbf', '#a9adb1', '#c4c0b8']));
      r.fill(rect(0, floorY, W, H - floorY), floor);
      r.fill(rect(0, H - 22, W, 8), hex('#f2c230')); // platform-edge style strip
      break;
    }
    case 'park': {
      const sky = hex(rng.pick(['#cfe8f6', '#d7ecf2', '#e3eef7']));
      r.clear(sky);
      r.fill(ellipse(rng.int(40, 280), 36, 34, 10), hex('#ffffff', 0.9));
      r.fill(ellipse(rng.int(40, 280), 58, 26, 8), hex('#ffffff', 0.8));
      // Hills, grass, trees.
      const hill = hex(rng.pick(['#9cc39a', '#a8c7a0', '#8fb9a0']));
      r.fill(ellipse(rng.int(0, 120), floorY + 10, 170, 80), hill);
      r.fill(ellipse(rng.int(200, 320), floorY + 20, 150, 70), shade(hill, 0.08));
      const leaf = hex(rng.pick(['#4f8f3a', '#5d9b45', '#3f7d4d']));
      for (let i = 0; i < 3; i++) tree(r, rng.int(10, 310), floorY + 2, rng.int(60, 100), leaf);
      r.fill(rect(0, floorY - 6, W, 12), hex('#7fb069'));
      const paving = hex(rng.pick(['#d8cfc0', '#cdc6bb', '#e0d6c3']));
      r.fill(rect(0, floorY + 6, W, H - floorY - 6), paving);
      for (let x = rng.int(0, 30); x < W; x += 34) r.fill(rect(x, floorY + 6, 1, H), shade(paving, 0.07));
      return floorY + 6;
    }
    case 'lobby': {
      const upper = hex(rng.pick(['#f1ead7', '#e4ecf1', '#eef0e4', '#f3e3da']));
      const dado = hex(rng.pick(['#6f8f9f', '#8a6f5a', '#5f7f6a', '#9a7f9f', '#7f8a96']));
      r.clear(upper);
      r.fill(rect(0, floorY - 62, W, 62), dado);
      r.fill(rect(0, floorY - 66, W, 5), shade(dado, 0.2));
      // Notice board with a few papers.
      const nx = within(rng, free, 104);
      r.fill(roundRect(nx, 26, 104, 62, 3), hex('#9b6a3c'));
      r.fill(rect(nx + 4, 30, 96, 54), hex('#c89d6a'));
      for (let i = 0; i < 4; i++) {
        r.fill(
          rect(nx + 8 + i * 23, 35 + (i % 2) * 8, 19, 26),
          hex(rng.pick(['#ffffff', '#fff6c9', '#dff0ff', '#ffe1e1'])),
        );
        r.fill(circle(nx + 17 + i * 23, 37 + (i % 2) * 8, 1.8), hex('#d0021b'));
      }
      const floor = hex(rng.pick(['#cfcac2', '#bfc5c2', '#d6cdbd']));
      r.fill(rect(0, floorY, W, H - floorY), floor);
      for (let i = 0; i < 90; i++) {
        r.fill(
          circle(rng.range(0, W), rng.range(floorY + 3, H), rng.range(0.8, 1.6)),
          shade(floor, rng.range(0.08, 0.18)),
        );
      }
      break;
    }
  }
  return floorY;
}

function drawPhoto(name: string): Raster {
  const rng = new Rng(hash(name));
  const r = new Raster(W, H);
  const scene = rng.pick<Scene>(['mall', 'station', 'park', 'lobby']);

  // Lay out the machine first so the backdrop and props can keep clear of it.
  const floorY = rng.int(150, 172);
  const baseY = Math.min(H - 8, floorY + rng.int(30, 46));
  const s = Math.min(rng.range(0.86, 0.98), (baseY - 16) / 184);
  const mw = 100 * s;
  const slot = rng.pick(['left', 'centre', 'right'] as const);
  const mx = Math.round(
    slot === 'left'
      ? rng.range(22, 60)
      : slot === 'right'
        ? rng.range(W - mw - 60, W - mw - 22)
        : (W - mw) / 2 + rng.range(-12, 12),
  );
  // The wider empty stretch beside the machine.
  const free: Span = mx > W - mx - mw ? [0, mx - 4] : [mx + mw + 12, W];

  const groundY = backdrop(r, rng, scene, floorY, free);
  if (scene !== 'park') r.fill(rect(0, floorY - 3, W, 3), hex('#000000', 0.12)); // skirting

  // One prop in the free stretch, if it fits.
  const room = free[1] - free[0];
  const propBase = groundY + rng.int(12, 22);
  const prop = rng.pick(['plant', 'bins', 'bench', 'none'] as const);
  const leftOfMachine = free[0] === 0;
  const place = (width: number): number =>
    leftOfMachine ? Math.max(6, free[1] - width - rng.int(14, 40)) : Math.min(W - width - 6, free[0] + rng.int(10, 36));
  if (prop === 'bins' && room >= 140) bins(r, place(114), propBase);
  else if (prop === 'bench' && room >= 116)
    bench(r, place(90), propBase, hex(rng.pick(['#8a5a3b', '#3f7d4d', '#5b6770'])));
  else if (prop !== 'none' && room >= 70) plant(r, rng, place(34) + 17, propBase);

  machine(r, rng, mx, baseY, s);

  // Sometimes a bottle waiting on the floor next to the machine.
  if (rng.chance(0.45)) {
    const bx = mx + mw + 16;
    const by = baseY - 24;
    if (bx < W - 10) {
      r.fill(ellipse(bx + 3, baseY, 9, 2.5), hex('#000000', 0.15));
      r.fill(bottle(bx, by, 24), hex(rng.pick(['#8fd0e8', '#a6dba0', '#e9e9e9']), 0.92));
      r.fill(rect(bx - 4.8, by + 12, 9.6, 5), hex(rng.pick(['#d0021b', '#2f6fb7', '#3fa535'])));
    }
  }
  return r;
}

// ---------------------------------------------------------------- which photos

function photoNames(): string[] {
  const fallback = Array.from({ length: 50 }, (_, i) => `rvm-${String(i + 1).padStart(3, '0')}`);
  if (!existsSync(MACHINES_JSON)) {
    console.warn(`${MACHINES_JSON} not found; drawing ${fallback[0]}..${fallback.at(-1)}`);
    return fallback;
  }
  const parsed: unknown = JSON.parse(readFileSync(MACHINES_JSON, 'utf8'));
  const list: unknown[] = Array.isArray(parsed)
    ? parsed
    : parsed !== null && typeof parsed === 'object' && Array.isArray((parsed as { machines?: unknown }).machines)
      ? (parsed as { machines: unknown[] }).machines
      : [];
  const names = new Set<string>();
  for (const item of list) {
    if (item === null || typeof item !== 'object') continue;
    const { id, photo } = item as { id?: unknown; photo?: unknown };
    if (photo === undefined || photo === null || photo === false || photo === '') continue;
    const fromPhoto =
      typeof photo === 'string' ? /([\w-]+)\.png$/i.exec(basename(photo.split(/[?#]/)[0] ?? ''))?.[1] : undefined;
    const name = fromPhoto ?? (typeof id === 'string' || typeof id === 'number' ? String(id) : undefined);
    if (name && /^[\w-]+$/.test(name)) names.add(name);
    else console.warn(`skipping machine without a usable id/photo name: ${JSON.stringify(item).slice(0, 80)}`);
  }
  return [...names];
}

const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 88 88" width="88" height="88" role="img" aria-label="No photo">
  <circle cx="44" cy="44" r="44" fill="#eceef0"/>
  <rect x="29" y="18" width="30" height="52" rx="5" fill="#c3c8cd"/>
  <rect x="29" y="18" width="30" height="10" rx="5" fill="#a9afb5"/>
  <rect x="29" y="24" width="30" height="4" fill="#a9afb5"/>
  <rect x="34" y="32" width="20" height="12" rx="2" fill="#8a8f98"/>
  <circle cx="44" cy="55" r="6" fill="#8a8f98"/>
  <circle cx="44" cy="55" r="3.5" fill="#6f747c"/>
  <rect x="27" y="68" width="34" height="4" rx="2" fill="#a9afb5"/>
</svg>
`;

function main(): void {
  mkdirSync(OUT_DIR, { recursive: true });
  const names = photoNames();
  let total = 0;
  let largest = 0;
  for (const name of names) {
    const png = drawPhoto(name).toPng();
    writeFileSync(join(OUT_DIR, `${name}.png`), png);
    total += png.length;
    largest = Math.max(largest, png.length);
  }
  writeFileSync(join(OUT_DIR, 'placeholder.svg'), PLACEHOLDER_SVG);
  const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`wrote ${names.length} photos (${kb(total)}, largest ${kb(largest)}) + placeholder.svg to ${OUT_DIR}`);
}

main();
