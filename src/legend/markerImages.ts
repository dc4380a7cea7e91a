import available from '../../assets/markers/available.png';
import nearlyFull from '../../assets/markers/nearly-full.png';
import full from '../../assets/markers/full.png';
import maintenance from '../../assets/markers/maintenance.png';
import type { DisplayState } from '../machines/displayState';

/** The legend's four marker images (docs/spec.md#the-map-screen); the map's icon atlas is packed from them too. */
export const MARKER_IMAGES: Record<DisplayState, string> = { available, nearlyFull, full, maintenance };
