/**
 * Offline land outline for the map background around Hong Kong.
 *
 * Reads Natural Earth 1:10m land (public domain) as TopoJSON from the
 * `world-atlas` package (node_modules/world-atlas/land-10m.json), converts it
 * with topojson-client, clips every polygon ring to the box
 * lng 113.70..114.65, lat 22.05..22.70 (Sutherland–Hodgman against the
 * rectangle), drops rings left empty, rounds to 5 decimals and writes a
 * GeoJSON FeatureCollection to assets/hk-land.json.
 *
 * `--preview out.png` also renders a 600x450 equirectangular preview of the
 * result (for eyeballing the coastline; not committed).
 *
 * Run: npx tsx scripts/make-outline.ts [--preview /tmp/hk-land.png]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Feature, FeatureCollection, GeoJsonProperties, Geometry, MultiPolygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryObject, Topology } from 'topojson-specification';
import { Raster, hex, polygon, rect, type Point } from './raster';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'assets', 'hk-land.json');
const BOX = { west: 113.7, east: 114.65, south: 22.05, north: 22.7 } as const;

type Ring = Position[];

// ---------------------------------------------------------------- clipping

type Edge = { inside: (p: Position) => boolean; cross: (a: Position, b: Position) => Position };

const at = (a: Position, b: Position, t: number): Position => [
  (a[0] ?? 0) + ((b[0] ?? 0) - (a[0] ?? 0)) * t,
  (a[1] ?? 0) + ((b[1] ?? 0) - (a[1] ?? 0)) * t,
];
const vertical = (x: number, keepGreater: boolean): Edge => ({
  inside: (p) => (keepGreater ? (p[0] ?? 0) >= x : (p[0] ?? 0) <= x),
  cross: (a, b) => at(a, b, (x - (a[0] ?? 0)) / ((b[0] ?? 0) - (a[0] ?? 0))),
});
const horizontal = (y: number, keepGreater: boolean): Edge => ({
  inside: (p) => (keepGreater ? (p[1] ?? 0) >= y : (p[1] ?? 0) <= y),
  cross: (a, b) => at(a, b, (y - (a[1] ?? 0)) / ((b[1] ?? 0) - (a[1] ?? 0))),
});
const EDGES: Edge[] = [
  vertical(BOX.west, true),
  vertical(BOX.east, false),
  horizontal(BOX.south, true),
  horizontal(BOX.north, false),
];

/** Sutherland–Hodgman: clip an (open) ring against one half-plane. */
function clipEdge(points: Position[], edge: Edge): Position[] {
  const out: Position[] = [];
  for (let i = 0; i < points.length; i++) {
    const cur = points[i]!;
    const prev = points[(i + points.length - 1) % points.length]!;
    const curIn = edge.inside(cur);
    if (curIn !== edge.inside(prev)) out.push(edge.cross(prev, cur));
    if (curIn) out.push(cur);
  }
  return out;
}

const round5 = (v: number): number => Math.round(v * 1e5) / 1e5;

/** Shoelace area in degrees²; positive when the ring runs counter-clockwise. */
function signedArea(ring: Ring): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    a += ((ring[j]![0] ?? 0) - (ring[i]![0] ?? 0)) * ((ring[j]![1] ?? 0) + (ring[i]![1] ?? 0));
  }
  return a / 2;
}

/**
 * Clip a closed ring to BOX; returns a closed, rounded ring wound
 * counter-clockwise (outer) or clockwise (hole) as RFC 7946 asks, or null
 * when nothing is left.
 */
function clipRing(ring: Ring, outer: boolean): Ring | null {
  let pts = ring.slice(0, -1); // GeoJSON rings repeat the first point at the end
  for (const edge of EDGES) {
    if (pts.length === 0) return null;
    pts = clipEdge(pts, edge);
  }
  const rounded: Ring = [];
  for (const p of pts) {
    const q = [round5(p[0] ?? 0), round5(p[1] ?? 0)];
    const last = rounded.at(-1);
    if (!last || last[0] !== q[0] || last[1] !== q[1]) rounded.push(q);
  }
  const first = rounded[0];
  const last = rounded.at(-1);
  if (first && last && rounded.length > 1 && first[0] === last[0] && first[1] === last[1]) rounded.pop();
  const area = signedArea(rounded);
  if (rounded.length < 3 || Math.abs(area) < 1e-9) return null;
  if (area > 0 !== outer) rounded.reverse();
  return [...rounded, rounded[0]!];
}

function ringBounds(ring: Ring): { w: number; e: number; s: number; n: number } {
  const xs = ring.map((p) => p[0] ?? 0);
  const ys = ring.map((p) => p[1] ?? 0);
  return { w: Math.min(...xs), e: Math.max(...xs), s: Math.min(...ys), n: Math.max(...ys) };
}

function clipPolygons(polygons: Position[][][]): Position[][][] {
  const out: Position[][][] = [];
  for (const rings of polygons) {
    const outer = rings[0];
    if (!outer) continue;
    const b = ringBounds(outer);
    if (b.e < BOX.west || b.w > BOX.east || b.n < BOX.south || b.s > BOX.north) continue;
    const clippedOuter = clipRing(outer, true);
    if (!clippedOuter) continue;
    const holes = rings
      .slice(1)
      .map((ring) => clipRing(ring, false))
      .filter((r): r is Ring => r !== null);
    out.push([clippedOuter, ...holes]);
  }
  return out;
}

// ---------------------------------------------------------------- input

function landPolygons(): Position[][][] {
  const require = createRequire(import.meta.url);
  const path = require.resolve('world-atlas/land-10m.json');
  const topology = JSON.parse(readFileSync(path, 'utf8')) as Topology<{ land: GeometryObject }>;
  const geo = feature(topology, topology.objects.land) as Feature<Geometry> | FeatureCollection<Geometry>;
  const features = geo.type === 'FeatureCollection' ? geo.features : [geo];
  const polygons: Position[][][] = [];
  for (const f of features) {
    if (f.geometry.type === 'Polygon') polygons.push(f.geometry.coordinates);
    else if (f.geometry.type === 'MultiPolygon') polygons.push(...f.geometry.coordinates);
  }
  return polygons;
}

// ---------------------------------------------------------------- preview

function preview(polys: Position[][][], file: string): void {
  const w = 600;
  const h = 450;
  const r = new Raster(w, h).clear(hex('#aad3df'));
  const px = (p: Position): Point => [
    (((p[0] ?? 0) - BOX.west) / (BOX.east - BOX.west)) * w,
    ((BOX.north - (p[1] ?? 0)) / (BOX.north - BOX.south)) * h,
  ];
  for (const rings of polys) {
    rings.forEach((ring, i) => r.fill(polygon(ring.slice(0, -1).map(px)), hex(i === 0 ? '#e8ecd8' : '#aad3df')));
  }
  // Rough reference dots: Central, Tsim Sha Tsui, Tung Chung, Sha Tin, Shenzhen Futian.
  const places = [
    [114.158, 22.282],
    [114.172, 22.297],
    [113.941, 22.289],
    [114.188, 22.383],
    [114.055, 22.541],
  ] as const;
  for (const [lng, lat] of places) {
    const [x, y] = px([lng, lat]);
    r.fill(rect(x - 2, y - 2, 4, 4), hex('#d0021b'));
  }
  writeFileSync(file, r.toPng());
  console.log(`preview: ${file}`);
}

// ---------------------------------------------------------------- main

function main(): void {
  const clipped = clipPolygons(landPolygons());
  const vertexCount = clipped.flat(2).length;
  const geometry: MultiPolygon = { type: 'MultiPolygon', coordinates: clipped };
  const out: FeatureCollection<MultiPolygon, GeoJsonProperties> = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: {
          kind: 'land',
          source:
            'Natural Earth 1:10m land (public domain, naturalearthdata.com) via the world-atlas npm package (land-10m.json), ' +
            `clipped to lng ${BOX.west}..${BOX.east}, lat ${BOX.south}..${BOX.north} by scripts/make-outline.ts`,
        },
        geometry,
      },
    ],
  };
  writeFileSync(OUT, JSON.stringify(out) + '\n');
  console.log(`wrote ${OUT}: ${clipped.length} polygons, ${vertexCount} vertices`);

  const flag = process.argv.indexOf('--preview');
  if (flag !== -1) preview(clipped, process.argv[flag + 1] ?? '/tmp/hk-land.png');
}

main();
