import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { Feature, FeatureCollection, Point } from 'geojson';
import land from '../../assets/hk-land.json';
import { MAP_BOUNDS, MAP_INITIAL_CENTER, MAP_INITIAL_ZOOM, MAP_MIN_ZOOM, MARKER_ICON_SIZE_PX } from '../../src/config';
import { MARKER_IMAGES } from '../../src/legend/markerImages';
import { displayStateOf } from '../../src/machines/displayState';
import { buildBasemapStyle, rasterLayerIds } from '../../src/map/basemapStyle';
import { presented } from './frames';
import { countShown, createPlainFilter } from './plainFilter';
import { REFIT_MAX_ZOOM, REFIT_PADDING, refitToShown } from './refitToShown';
import { statusTurnedOver, type StartRenderer } from './renderer';

const SOURCE_ID = 'machines';
const ICON_PX = 48;

/**
 * MapLibre's own way: a GeoJSON source (tiled in a worker) drawn by a symbol layer with the same icons. With no
 * machines it is the floor: the same basemap with nothing on it, what any map page costs here.
 */
export const startMaplibreSymbol: StartRenderer = (machines, root) => {
  maplibregl.setWorkerUrl(workerUrl);
  const n = machines.length;
  const container = Object.assign(document.createElement('div'), { style: 'height: 100%' });
  root.append(container);
  const features: Feature<Point, { icon: string }>[] = machines.map((m) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [m.coordinates[1], m.coordinates[0]] },
    properties: { icon: displayStateOf(m) },
  }));
  let shownNow: Uint8Array | null = null;
  const collection = (): FeatureCollection => ({
    type: 'FeatureCollection',
    features: shownNow ? features.filter((_, i) => shownNow![i]) : features,
  });

  const map = new maplibregl.Map({
    container,
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

  async function addMachines(): Promise<void> {
    await styleLoaded;
    // Tiles appear at once too, as on our page once it has seen this device's pace (useTileFade).
    for (const id of rasterLayerIds(map)) map.setPaintProperty(id, 'raster-fade-duration', 0);
    if (n === 0) {
      await frameWhen(() => true);
      await presented();
      return;
    }
    // Decoded by the page, not fetched by MapLibre: the images are data: URLs, which the map's
    // Content-Security-Policy lets images load but not fetch (connect-src) when the server serves the bench.
    await Promise.all(
      Object.entries(MARKER_IMAGES).map(async ([state, url]) => {
        const image = Object.assign(new Image(), { src: url });
        await image.decode();
        map.addImage(state, image, { pixelRatio: ICON_PX / MARKER_ICON_SIZE_PX });
      }),
    );
    map.addSource(SOURCE_ID, { type: 'geojson', data: collection() });
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
  }

  const filter = createPlainFilter(machines);
  const change = async (shown: Uint8Array): Promise<number> => {
    const done = idle();
    refit(shown);
    shownNow = shown;
    map.getSource<maplibregl.GeoJSONSource>(SOURCE_ID)?.setData(collection());
    await done;
    await presented();
    return countShown(shown);
  };

  return {
    ready: addMachines(),
    applyCodes: (codes) => change(filter.setCodes(codes)),
    search: (text) => change(filter.setQuery(text)),
    // A plain page sets the source's data again with the one feature's icon changed.
    liveChange: () => {
      const { row, machine } = statusTurnedOver(machines);
      features[row] = { ...features[row]!, properties: { icon: displayStateOf(machine) } };
      return change(filter.replace(row, machine));
    },
    surface: () => container,
    onDraw: (listener) => void map.on('render', listener),
  };
};
