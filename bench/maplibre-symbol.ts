import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { Feature, FeatureCollection, Point } from 'geojson';
import land from '../assets/hk-land.json';
import { MAP_BOUNDS, MAP_INITIAL_CENTER, MAP_INITIAL_ZOOM, MAP_MIN_ZOOM, MARKER_ICON_SIZE_PX } from '../src/config';
import { MARKER_IMAGES } from '../src/legend/markerImages';
import { displayStateOf } from '../src/machines/displayState';
import { buildBasemapStyle, rasterLayerIds } from '../src/map/basemapStyle';
import { FILTERS, frameRecorder, keyPaintRecorder, presented, quietFor, type BenchApi, type Timed } from './benchApi';
import { countShown, createPlainFilter } from './plainFilter';
import { REFIT_MAX_ZOOM, REFIT_PADDING, refitToShown } from './refitToShown';
import { attachSearchBox } from './searchBox';
import { syntheticMachines } from '../tests/fixtures/syntheticMachines';
import { benchSizeFromUrl } from './benchSize';

// MapLibre's own way: a GeoJSON source (tiled in a worker) drawn by a symbol layer with the same icons.
// With ?markers=none it is the floor: the same basemap and nothing on it, what any map page costs here.
maplibregl.setWorkerUrl(workerUrl);
const withMarkers = new URLSearchParams(window.location.search).get('markers') !== 'none';
const SOURCE_ID = 'machines';
const ICON_PX = 48;

const n = withMarkers ? benchSizeFromUrl(window.location.search) : 0;
const start = performance.now();
const machines = syntheticMachines(n);
const generateMs = performance.now() - start;

const features: Feature<Point, { icon: string }>[] = machines.map((m) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [m.coordinates[1], m.coordinates[0]] },
  properties: { icon: displayStateOf(m) },
}));
const collection = (shown: Uint8Array | null): FeatureCollection => ({
  type: 'FeatureCollection',
  features: shown ? features.filter((_, i) => shown[i]) : features,
});

const map = new maplibregl.Map({
  container: 'map',
  style: buildBasemapStyle('en', land as FeatureCollection),
  center: MAP_INITIAL_CENTER,
  zoom: MAP_INITIAL_ZOOM,
  minZoom: MAP_MIN_ZOOM,
  maxBounds: [...MAP_BOUNDS[0], ...MAP_BOUNDS[1]],
  attributionControl: false,
  // Symbols appear at once, like markers elsewhere: no 300 ms fade-in to wait for.
  fadeDuration: 0,
});
const refit = refitToShown(machines, (box) =>
  map.fitBounds(box, { padding: REFIT_PADDING, maxZoom: REFIT_MAX_ZOOM, duration: 0 }),
);
const show = (shown: Uint8Array) => {
  refit(shown);
  map.getSource<maplibregl.GeoJSONSource>(SOURCE_ID)?.setData(collection(shown));
};

const idle = () => new Promise<void>((resolve) => map.once('idle', () => resolve()));
const styleLoaded = new Promise<void>((resolve) => {
  if (map.isStyleLoaded()) resolve();
  else map.once('style.load', () => resolve());
});
/**
 * The first frame drawn once `done()` holds. Basemap tiles are not waited for, as on our page and the Leaflet
 * page, whose first frame with the markers can come before the last tile.
 */
const frameWhen = (done: () => boolean) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (!done()) return;
      map.off('render', check);
      resolve();
    };
    map.on('render', check);
    map.triggerRepaint();
  });

async function addMachines() {
  await styleLoaded;
  // Tiles appear at once too, as on our page once it has seen this device's pace (useTileFade).
  for (const id of rasterLayerIds(map)) map.setPaintProperty(id, 'raster-fade-duration', 0);
  if (!withMarkers) {
    await frameWhen(() => true);
    await presented();
    return { ms: performance.now(), count: 0 };
  }
  await Promise.all(
    Object.entries(MARKER_IMAGES).map(async ([state, url]) => {
      const image = await map.loadImage(url);
      map.addImage(state, image.data, { pixelRatio: ICON_PX / MARKER_ICON_SIZE_PX });
    }),
  );
  map.addSource(SOURCE_ID, { type: 'geojson', data: collection(null) });
  map.addLayer({
    id: SOURCE_ID,
    type: 'symbol',
    source: SOURCE_ID,
    layout: {
      'icon-image': ['get', 'icon'],
      'icon-anchor': 'bottom',
      // Every marker drawn, as on the other pages: no collision culling.
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
  refit(new Uint8Array(n).fill(1));
  await frameWhen(() => map.isSourceLoaded(SOURCE_ID));
  await presented();
  return { ms: performance.now(), count: n };
}

const filter = createPlainFilter(machines);
const timed = async (change: () => Uint8Array): Promise<Timed> => {
  const begin = performance.now();
  const shown = change();
  const done = idle();
  show(shown);
  await done;
  await presented();
  return { ms: performance.now() - begin, count: countShown(shown) };
};

const quiet = quietFor(300);
map.on('render', quiet.poke);
const frames = frameRecorder();
const keys = keyPaintRecorder();
// The floor has a search box too, with nothing to search: what typing costs over the basemap alone.
attachSearchBox((text) => {
  if (withMarkers) show(filter.setQuery(text));
});

window.__bench = {
  impl: withMarkers ? 'maplibre-symbol' : 'basemap',
  n,
  generateMs,
  ready: addMachines(),
  applyFilter: (kind) => timed(() => filter.setCodes(FILTERS[kind])),
  typeSearch: (text) => timed(() => filter.setQuery(text)),
  settle: quiet.wait,
  startFrames: frames.start,
  stopFrames: frames.stop,
  startKeys: keys.start,
  stopKeys: keys.stop,
} satisfies BenchApi;
