import workerSource from 'maplibre-gl/dist/maplibre-gl-worker.mjs?raw';

/**
 * MapLibre's worker, started from a copy of its code carried in the map chunk rather than from a file of its own:
 * the two share most of MapLibre's code, which Brotli then sends once (decision 0027), and the worker needs no
 * request of its own. The URL lives as long as the page: MapLibre may start its workers again later.
 */
export function mapWorkerUrl(): string {
  return URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
}
