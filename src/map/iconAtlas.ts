import type { IconLayerProps } from '@deck.gl/layers';
import atlasUrl from '../../assets/markers/atlas.png?no-inline';
import mapping from '../../assets/markers/atlas.json';

/** The pre-packed atlas of the four marker images (made by scripts/make-markers.ts), keyed by display state. */
export const ICON_ATLAS_URL: string = atlasUrl;
export const ICON_MAPPING = mapping as NonNullable<IconLayerProps['iconMapping']>;
