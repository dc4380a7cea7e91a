import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { MAP_BOUNDS, MAP_INITIAL_CENTER, MAP_INITIAL_ZOOM, MAP_MIN_ZOOM, MARKER_ICON_SIZE_PX } from '../../src/config';
import { MARKER_IMAGES } from '../../src/legend/markerImages';
import { displayStateOf } from '../../src/machines/displayState';
import { HK_BASEMAP_TILES, hkLabelTiles } from '../../src/map/basemapStyle';
import { nextFrame, presented } from './frames';
import { countShown, createPlainFilter } from './plainFilter';
import { REFIT_MAX_ZOOM, REFIT_PADDING, refitToShown } from './refitToShown';
import { statusTurnedOver, type StartRenderer } from './renderer';

/** The spec's bound stiffness (docs/spec.md#constants) is Leaflet's maxBoundsViscosity: the original site used it. */
const MAP_BOUND_STIFFNESS = 0.9;
/** The marker stands on its point: bottom centre of the 24x24 image, as in the product's atlas. */
const ICON_ANCHOR: [number, number] = [MARKER_ICON_SIZE_PX / 2, MARKER_ICON_SIZE_PX];

/** The original site's way: one Leaflet marker (an <img> in the DOM) per machine. */
export const startLeaflet: StartRenderer = (machines, root) => {
  const n = machines.length;
  const container = Object.assign(document.createElement('div'), { style: 'height: 100%' });
  root.append(container);
  const [[west, south], [east, north]] = MAP_BOUNDS;
  const map = L.map(container, {
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
  const change = async (shown: Uint8Array): Promise<number> => {
    show(shown);
    await painted();
    return countShown(shown);
  };

  return {
    ready: iconsLoaded.then(painted),
    applyCodes: (codes) => change(filter.setCodes(codes)),
    search: (text) => change(filter.setQuery(text)),
    liveChange: async () => {
      const { row, machine } = statusTurnedOver(machines);
      markers[row]!.setIcon(icons[displayStateOf(machine)]!);
      return change(filter.replace(row, machine));
    },
    surface: () => container,
    onDraw: (listener) => void map.on('move zoom zoomanim moveend zoomend', listener),
  };
};
