import type { IconLayerProps } from '@deck.gl/layers';
import atlasUrl from '../../assets/markers/atlas.png?no-inline';
import mapping from '../../assets/markers/atlas.json';
import type { AtlasPixels, IconFrame } from './markerShape';

/** The pre-packed atlas of the four marker images (made by scripts/make-markers.ts), keyed by display state. */
export const ICON_ATLAS_URL: string = atlasUrl;
export const ICON_MAPPING = mapping as NonNullable<IconLayerProps['iconMapping']>;
/** The same mapping with its JSON type: each image's frame in the atlas. */
export const ICON_FRAMES: Record<string, IconFrame> = mapping;

/**
 * The atlas's pixels, read on the CPU for the markers' shapes (a second fetch of the image deck.gl loads, from
 * the cache); null where it cannot be fetched, decoded or read.
 */
export async function loadAtlasPixels(url: string = ICON_ATLAS_URL): Promise<AtlasPixels | null> {
  try {
    if (typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap === 'undefined') return null;
    const response = await fetch(url);
    if (!response.ok) return null;
    const image = await createImageBitmap(await response.blob());
    const context = new OffscreenCanvas(image.width, image.height).getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(image, 0, 0);
    image.close();
    return context.getImageData(0, 0, image.width, image.height);
  } catch {
    return null;
  }
}
