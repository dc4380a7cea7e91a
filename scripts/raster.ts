/**
 * Tiny anti-aliased rasteriser for the asset generators.
 *
 * Shapes are signed distance fields in pixel units (negative inside) with a
 * bounding box; `Raster.fill` turns the distance at each pixel centre into
 * coverage (a 1 px wide analytic ramp, equivalent to box-filter supersampling
 * for straight edges) and blends the colour source-over onto straight RGBA.
 * Library module with no output of its own; run a generator instead, e.g.
 * `npx tsx scripts/make-markers.ts`.
 */
import { encodePng } from './png';

export interface Color {
  r: number; // 0..255
  g: number;
  b: number;
  a: number; // 0..1
}

export interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Shape {
  /** Signed distance in px from (x, y) to the outline; negative inside. */
  dist(x: number, y: number): number;
  bounds: Bounds;
}

export type Point = readonly [number, number];

/** `#rgb`, `#rrggbb` or `#rrggbbaa`; `alpha` multiplies the parsed alpha. */
export function hex(code: string, alpha = 1): Color {
  let h = code.replace(/^#/, '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(h)) throw new Error(`bad colour ${code}`);
  const n = (i: number): number => parseInt(h.slice(i, i + 2), 16);
  return { r: n(0), g: n(2), b: n(4), a: (h.length === 8 ? n(6) / 255 : 1) * alpha };
}

/** Linear mix of two colours, t = 0 gives `a`. */
export function mix(a: Color, b: Color, t: number): Color {
  const l = (p: number, q: number): number => p + (q - p) * t;
  return { r: l(a.r, b.r), g: l(a.g, b.g), b: l(a.b, b.b), a: l(a.a, b.a) };
}

export const shade = (c: Color, t: number): Color => mix(c, { ...c, r: 0, g: 0, b: 0 }, t);
export const tint = (c: Color, t: number): Color => mix(c, { ...c, r: 255, g: 255, b: 255 }, t);

const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

function grow(b: Bounds, d: number): Bounds {
  return { x0: b.x0 - d, y0: b.y0 - d, x1: b.x1 + d, y1: b.y1 + d };
}

// ---------------------------------------------------------------- shapes

export function circle(cx: number, cy: number, r: number): Shape {
  return {
    dist: (x, y) => Math.hypot(x - cx, y - cy) - r,
    bounds: { x0: cx - r, y0: cy - r, x1: cx + r, y1: cy + r },
  };
}

/** Axis-aligned ellipse (approximate distance, exact enough for edge anti-aliasing). */
export function ellipse(cx: number, cy: number, rx: number, ry: number): Shape {
  const m = Math.min(rx, ry);
  return {
    dist: (x, y) => (Math.hypot((x - cx) / rx, (y - cy) / ry) - 1) * m,
    bounds: { x0: cx - rx, y0: cy - ry, x1: cx + rx, y1: cy + ry },
  };
}

/** Rectangle from its top-left corner, corners rounded by `r`. */
export function roundRect(x: number, y: number, w: number, h: number, r = 0): Shape {
  const hx = w / 2;
  const hy = h / 2;
  const cx = x + hx;
  const cy = y + hy;
  const rr = Math.min(r, hx, hy);
  return {
    dist: (px, py) => {
      const qx = Math.abs(px - cx) - hx + rr;
      const qy = Math.abs(py - cy) - hy + rr;
      return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - rr;
    },
    bounds: { x0: x, y0: y, x1: x + w, y1: y + h },
  };
}

export const rect = (x: number, y: number, w: number, h: number): Shape => roundRect(x, y, w, h, 0);

/** Thick line with round caps: all points within `r` of the segment. */
export function capsule(ax: number, ay: number, bx: number, by: number, r: number): Shape {
  const ex = bx - ax;
  const ey = by - ay;
  const ee = ex * ex + ey * ey || 1;
  return {
    dist: (x, y) => {
      const wx = x - ax;
      const wy = y - ay;
      const t = clamp((wx * ex + wy * ey) / ee, 0, 1);
      return Math.hypot(wx - ex * t, wy - ey * t) - r;
    },
    bounds: grow({ x0: Math.min(ax, bx), y0: Math.min(ay, by), x1: Math.max(ax, bx), y1: Math.max(ay, by) }, r),
  };
}

/** Simple polygon (even-odd rule), exact distance. */
export function polygon(points: readonly Point[]): Shape {
  if (points.length < 3) throw new Error('polygon needs at least 3 points');
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return {
    dist: (x, y) => {
      let best = Infinity;
      let sign = 1;
      for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
        const [vix, viy] = points[i]!;
        const [vjx, vjy] = points[j]!;
        const ex = vjx - vix;
        const ey = vjy - viy;
        const wx = x - vix;
        const wy = y - viy;
        const t = clamp((wx * ex + wy * ey) / (ex * ex + ey * ey || 1), 0, 1);
        const bx = wx - ex * t;
        const by = wy - ey * t;
        best = Math.min(best, bx * bx + by * by);
        const c1 = y >= viy;
        const c2 = y < vjy;
        const c3 = ex * wy > ey * wx;
        if ((c1 && c2 && c3) || (!c1 && !c2 && !c3)) sign = -sign;
      }
      return sign * Math.sqrt(best);
    },
    bounds: { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) },
  };
}

export function union(...shapes: Shape[]): Shape {
  return {
    dist: (x, y) => shapes.reduce((d, s) => Math.min(d, s.dist(x, y)), Infinity),
    bounds: shapes.reduce<Bounds>(
      (b, s) => ({
        x0: Math.min(b.x0, s.bounds.x0),
        y0: Math.min(b.y0, s.bounds.y0),
        x1: Math.max(b.x1, s.bounds.x1),
        y1: Math.max(b.y1, s.bounds.y1),
      }),
      { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity },
    ),
  };
}

export function intersect(a: Shape, b: Shape): Shape {
  return {
    dist: (x, y) => Math.max(a.dist(x, y), b.dist(x, y)),
    bounds: {
      x0: Math.max(a.bounds.x0, b.bounds.x0),
      y0: Math.max(a.bounds.y0, b.bounds.y0),
      x1: Math.min(a.bounds.x1, b.bounds.x1),
      y1: Math.min(a.bounds.y1, b.bounds.y1),
    },
  };
}

/** `a` with `b` cut out of it. */
export function subtract(a: Shape, b: Shape): Shape {
  return { dist: (x, y) => Math.max(a.dist(x, y), -b.dist(x, y)), bounds: a.bounds };
}

/** Grow (d > 0) or shrink (d < 0) a shape by `d` px; grown corners become round. */
export function offset(s: Shape, d: number): Shape {
  return { dist: (x, y) => s.dist(x, y) - d, bounds: grow(s.bounds, Math.max(d, 0)) };
}

// ---------------------------------------------------------------- raster

/** Straight-alpha RGBA pixel buffer. */
export class Raster {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 4);
  }

  /** Blend `c` at pixel (x, y) with extra coverage `k` (0..1), source-over. */
  blend(x: number, y: number, c: Color, k = 1): void {
    const sa = c.a * k;
    if (sa <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    const d = this.data;
    const da = (d[i + 3] ?? 0) / 255;
    const oa = sa + da * (1 - sa);
    const w = da * (1 - sa);
    d[i] = Math.round((c.r * sa + (d[i] ?? 0) * w) / oa);
    d[i + 1] = Math.round((c.g * sa + (d[i + 1] ?? 0) * w) / oa);
    d[i + 2] = Math.round((c.b * sa + (d[i + 2] ?? 0) * w) / oa);
    d[i + 3] = Math.round(oa * 255);
  }

  /** Anti-aliased fill of `shape` with `color`. */
  fill(shape: Shape, color: Color): this {
    const { x0, y0, x1, y1 } = shape.bounds;
    const xa = Math.max(0, Math.floor(x0) - 1);
    const ya = Math.max(0, Math.floor(y0) - 1);
    const xb = Math.min(this.width - 1, Math.ceil(x1) + 1);
    const yb = Math.min(this.height - 1, Math.ceil(y1) + 1);
    for (let y = ya; y <= yb; y++) {
      for (let x = xa; x <= xb; x++) {
        const k = clamp(0.5 - shape.dist(x + 0.5, y + 0.5), 0, 1);
        if (k > 0) this.blend(x, y, color, k);
      }
    }
    return this;
  }

  /** Fill the whole raster. */
  clear(color: Color): this {
    return this.fill(rect(0, 0, this.width, this.height), color);
  }

  /** Copy `src` verbatim (no blending) with its top-left at (dx, dy). */
  blit(src: Raster, dx: number, dy: number): this {
    for (let y = 0; y < src.height; y++) {
      const ty = y + dy;
      if (ty < 0 || ty >= this.height) continue;
      for (let x = 0; x < src.width; x++) {
        const tx = x + dx;
        if (tx < 0 || tx >= this.width) continue;
        const s = (y * src.width + x) * 4;
        this.data.set(src.data.subarray(s, s + 4), (ty * this.width + tx) * 4);
      }
    }
    return this;
  }

  toPng(): Buffer {
    return encodePng(this.width, this.height, this.data);
  }
}
