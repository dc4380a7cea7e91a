import { atom } from 'jotai';

export interface MapViewState {
  zoom: number;
  /** [longitude, latitude] */
  center: [number, number];
}

/** The map's view after it settles (move end, debounced 50 ms); null until the map has loaded. */
export const mapViewAtom = atom<MapViewState | null>(null);
mapViewAtom.debugLabel = 'mapView';

/** Whether the map has loaded: unlike the view, it changes once, so its readers do not re-render on every move. */
export const mapLoadedAtom = atom((get) => get(mapViewAtom) !== null);
mapLoadedAtom.debugLabel = 'mapLoaded';
