import available from '../../assets/markers/available.png';
import nearlyFull from '../../assets/markers/nearly-full.png';
import full from '../../assets/markers/full.png';
import maintenance from '../../assets/markers/maintenance.png';
import type { DisplayState } from '../machines/displayState';

/** The four marker images (spec §2 legend); the map's icon atlas is packed from the same images. */
export const MARKER_IMAGES: Record<DisplayState, string> = { available, nearlyFull, full, maintenance };
