import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { MAP_BOUNDS, MAP_INITIAL_CENTER, MAP_INITIAL_ZOOM, MAP_MIN_ZOOM, MARKER_ICON_SIZE_PX } from '../src/config';
import { MARKER_IMAGES } from '../src/legend/markerImages';
import { displayStateOf } from '../src/machines/displayState';
import { HK_BASEMAP_TILES, hkLabelTiles } from '../src/map/basemapStyle';
import {
  FILTERS,
  frameRecorder,
  keyPaintRecorder,
  nextFrame,
  presented,
  quietFor,
  type BenchApi,
  type Timed,
} from './benchApi';
import { countShown, createPlainFilter } from './plainFilter';
import { REFIT_MAX_ZOOM, REFIT_PADDING, refitToShown } from './refitToShown';
import { attachSearchBox } from './searchBox';
import { syntheticMachines } from '../tests/fixtures/syntheticMachines';
import { benchSizeFromUrl } from './benchSize';

// The original site's way: one Leaflet marker (an <img> in the DOM) per machine.
/** The spec's map bound stiffness (§9), which is Leaflet's maxBoundsViscosity: the original site was on Leaflet. */
const MAP_BOUND_STIFFNESS = 0.9;
/** The marker stands on its point: bottom centre of the 24x24 image, as in the product's atlas. */
const ICON_ANCHOR: [number, number] = [MARKER_ICON_SIZE_PX / 2, MARKER_ICON_SIZE_PX];
const n = benchSizeFromUrl(window.location.search);
const start = performance.now();
const machines = syntheticMachines(n);
const generateMs = performance.now() - start;

const [[west, south], [east, north]] = MAP_BOUNDS;
const map = L.map('map', {
  center: [MAP_INITIAL_CENTER[1], MAP_INITIAL_CENTER[0]],
  zoom: MAP_INITIAL_ZOOM,
  minZoom: MAP_MIN_ZOOM,
  maxBounds: L.latLngBounds([south, west], [north, east]),
  maxBoundsViscosity: MAP_BOUND_STIFFNESS,
});
L.tileLayer(HK_BASEMAP_TILES, { maxZoom: 20 }).addTo(map);
L.tileLayer(hkLabelTiles('en'), { maxZoom: 20 }).addTo(map);

const icons = Object.fromEntries(
  Object.entries(MARKER_IMAGES).map(([state, url]) => [
    state,
    L.icon({ iconUrl: url, iconSize: [MARKER_ICON_SIZE_PX, MARKER_ICON_SIZE_PX], iconAnchor: ICON_ANCHOR }),
  ]),
);
const markers = machines.map((m) => L.marker(m.coordinates, { icon: icons[displayStateOf(m)]! }));
const group = L.layerGroup(markers).addTo(map);
const iconsLoaded = Promise.all(
  Object.values(MARKER_IMAGES).map((url) => Object.assign(new Image(), { src: url }).decode()),
);

const filter = createPlainFilter(machines);
let shownNow: Uint8Array = new Uint8Array(n).fill(1);
const refit = refitToShown(machines, ([[w, s], [e, nn]]) =>
  map.fitBounds(L.latLngBounds([s, w], [nn, e]), {
    paddingTopLeft: [REFIT_PADDING.left, REFIT_PADDING.top],
    paddingBottomRight: [REFIT_PADDING.right, REFIT_PADDING.bottom],
    maxZoom: REFIT_MAX_ZOOM,
    animate: false,
  }),
);
refit(shownNow);
const show = (shown: Uint8Array) => {
  refit(shown);
  for (let i = 0; i < n; i++) {
    if (shown[i] === shownNow[i]) continue;
    if (shown[i]) group.addLayer(markers[i]!);
    else group.removeLayer(markers[i]!);
  }
  shownNow = shown;
};

// DOM changes are drawn in the frame after the next animation frame callback, then composited.
const painted = async () => {
  await nextFrame();
  await presented([]);
};
const timed = async (change: () => Uint8Array): Promise<Timed> => {
  const begin = performance.now();
  const shown = change();
  show(shown);
  await painted();
  return { ms: performance.now() - begin, count: countShown(shown) };
};

const quiet = quietFor(300);
map.on('move zoom zoomanim moveend zoomend', quiet.poke);
const frames = frameRecorder();
const keys = keyPaintRecorder();
attachSearchBox((text) => show(filter.setQuery(text)));

window.__bench = {
  impl: 'leaflet',
  n,
  generateMs,
  ready: iconsLoaded.then(painted).then(() => ({ ms: performance.now(), count: n })),
  applyFilter: (kind) => timed(() => filter.setCodes(FILTERS[kind])),
  typeSearch: (text) => timed(() => filter.setQuery(text)),
  settle: quiet.wait,
  startFrames: frames.start,
  stopFrames: frames.stop,
  startKeys: keys.start,
  stopKeys: keys.stop,
} satisfies BenchApi;
