import type { IconLayerProps } from '@deck.gl/layers';
import atlasUrl from '../../assets/markers/atlas.png?no-inline';
import mapping from '../../assets/markers/atlas.json';
import { atlasStrip } from './atlasStrip';
import type { AtlasPixels } from './markerShape';

/** The pre-packed atlas of the four marker images (made by scripts/make-markers.ts), keyed by display state. */
export const ICON_ATLAS_URL: string = atlasUrl;
export const ICON_MAPPING = mapping as NonNullable<IconLayerProps['iconMapping']>;
/** The same mapping with its JSON type: each image's frame in the atlas. */
export const ICON_FRAMES = mapping;
/** The atlas as one strip of equal cells, checked once. */
export const ICON_STRIP = atlasStrip(ICON_FRAMES);

/** The atlas as the layer takes it: decoded ahead, or its URL for deck.gl to load. */
export type IconAtlasSource = ImageBitmap | string;

/**
 * Fetches and decodes the atlas as soon as the map's code runs, while MapLibre is still starting, so the
 * layer's first frame already has its texture instead of starting the fetch then. On failure the URL is
 * returned and deck.gl tries the load itself, as it would have anyway.
 */
export function preloadIconAtlas(): Promise<IconAtlasSource> {
  return fetch(ICON_ATLAS_URL)
    .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(`atlas: HTTP ${response.status}`))))
    .then((blob) => createImageBitmap(blob))
    .catch(() => ICON_ATLAS_URL);
}

/** The decoded atlas's pixels, for the markers' shapes; null when it was not decoded here or cannot be read. */
export function readAtlasPixels(atlas: IconAtlasSource): AtlasPixels | null {
  if (typeof atlas === 'string' || typeof OffscreenCanvas === 'undefined') return null;
  // Read back on the CPU: a GPU-backed canvas would wait for the GPU, busy with the map's first frames.
  const context = new OffscreenCanvas(atlas.width, atlas.height).getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(atlas, 0, 0);
  return context.getImageData(0, 0, atlas.width, atlas.height);
}
