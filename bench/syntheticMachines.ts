import demo from '../assets/demo/machines.json';
import { MAP_BOUNDS } from '../src/config';
import type { Area, District, Machine, Status } from '../shared/machine';

/** The machine counts the benchmark runs at, from the `?n=` URL parameter. */
export const BENCH_SIZES = [1_000, 10_000, 100_000, 1_000_000] as const;
/** Any other count up to this works too (a browser test uses one just past the progressive drawing threshold). */
export const MAX_BENCH_SIZE = 2_000_000;
export const DEFAULT_SEED = 20240601;
/** Spread of a synthetic machine around its demo anchor: about 1.1 km. */
const SPREAD_DEG = 0.01;

interface DemoMachine {
  coordinates: number[];
  area: string;
  district: string;
  status: string;
  under_maintenance: boolean;
  service_status: number;
  address_en: string;
  address_zht: string;
  address_zhs: string;
  service_hour_en: string;
  service_hour_zht: string;
  service_hour_zhs: string;
  deactivated?: boolean;
}
/** The demo machines the page shows (a deactivated one is hidden): the same anchors the recorded results used. */
const ANCHORS = (demo as DemoMachine[]).filter((machine) => !machine.deactivated);

/** mulberry32: a tiny, fast, seedable PRNG; the same seed gives the same machines in node and in the page. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * N machines inside the map bounds, clustered around the demo machines (built-up areas) with the
 * district and area of their anchor, the demo's status mix and names in the three languages.
 */
export function syntheticMachines(count: number, seed = DEFAULT_SEED): Machine[] {
  const random = mulberry32(seed);
  const [[west, south], [east, north]] = MAP_BOUNDS;
  const machines: Machine[] = [];
  for (let i = 0; i < count; i++) {
    const anchor = ANCHORS[Math.floor(random() * ANCHORS.length)]!;
    const state = ANCHORS[Math.floor(random() * ANCHORS.length)]!;
    let lat: number;
    let lng: number;
    do {
      lat = anchor.coordinates[0]! + gaussian(random) * SPREAD_DEG;
      lng = anchor.coordinates[1]! + gaussian(random) * SPREAD_DEG;
    } while (lat < south || lat > north || lng < west || lng > east);
    const n = i + 1;
    const shop = 1 + Math.floor(random() * 300);
    machines.push({
      id: `SYN-${n}`,
      coordinates: [lat, lng],
      area: anchor.area as Area,
      district: anchor.district as District,
      status: state.status as Status,
      under_maintenance: state.under_maintenance,
      service_status: state.service_status,
      name_en: `Synthetic RVM ${n}`,
      name_zht: `合成回收機 ${n}`,
      name_zhs: `合成回收机 ${n}`,
      address_en: `Shop ${shop}, ${anchor.address_en}`,
      address_zht: `${anchor.address_zht}${shop}號舖`,
      address_zhs: `${anchor.address_zhs}${shop}号铺`,
      service_hour_en: anchor.service_hour_en,
      service_hour_zht: anchor.service_hour_zht,
      service_hour_zhs: anchor.service_hour_zhs,
      picture: null,
      thumbnail: null,
    });
  }
  return machines;
}

/** `?n=` from the URL, a whole number up to MAX_BENCH_SIZE; 1000 when absent or out of range. */
export function benchSizeFromUrl(search: string): number {
  const n = Number(new URLSearchParams(search).get('n'));
  return Number.isInteger(n) && n >= 1 && n <= MAX_BENCH_SIZE ? n : BENCH_SIZES[0];
}
