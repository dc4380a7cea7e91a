/**
 * Every constant of the spec (docs/spec.md#constants), named as it names them, with units. The theme colours are in
 * theme.ts, the mobile breakpoint is Mantine's `md` (ui/useIsMobile.ts).
 */

export const API_BASE_PATH = '/api/';
export const DEFAULT_CALL_TIMEOUT_MS = 5 * 60 * 1000; // 5 minutes
/** A call timeout of -1 never expires. */
export const NO_TIMEOUT = -1;

export const MAP_MIN_ZOOM = 11;
export const MAP_INITIAL_ZOOM = 11;
/** [longitude, latitude] — MapLibre order; the spec gives 22.3193, 114.1694. */
export const MAP_INITIAL_CENTER: [number, number] = [114.1694, 22.3193];
/** The map's box; shared with the server, which refuses machines outside it. */
export { MAP_BOUNDS } from '../shared/mapBounds';
export const LIST_SELECT_MAX_ZOOM = 15;
export const MARKER_ICON_SIZE_PX = 24;
export const PHOTO_AVATAR_SIZE_PX = 88;

export const SEARCH_DEBOUNCE_MS = 200;
export const MAP_REFIT_DEBOUNCE_MS = 200;
export const MAP_MOVE_END_DEBOUNCE_MS = 50;
export const POPUP_OPEN_DELAY_MS = 100;
export const MESSAGE_BAR_TIMEOUT_MS = 3000;
/** The longest the map's creation waits for the list call to answer, so the list paints first. */
export const MAP_WAITS_FOR_LIST_MAX_MS = 3000;
/** The longest the extras (opening hours library, service worker precache) wait for the map's first view. */
export const EXTRAS_WAIT_FOR_FIRST_VIEW_MAX_MS = 10_000;
export const PHOTO_DIALOG_MAX_HEIGHT_VH = 80;

export const FIT_PADDING_PANEL_OPEN_PX = { top: 20, bottom: 20, left: 20, right: 400 } as const;
export const FIT_PADDING_NONE_PX = { top: 0, bottom: 0, left: 0, right: 0 } as const;

export const FONT_SIZES_PX = { sm: 16, md: 18, lg: 20 } as const;
export type FontSize = keyof typeof FONT_SIZES_PX;
export const DEFAULT_FONT_SIZE: FontSize = 'sm';

export const LOGIN_PATH = '/login';
/** The operator console (issue 50); its pages are lazy chunks a visitor never downloads. */
export const OPERATOR_PATH = '/operator';

/** The feed's times (issue 9) are shown on Hong Kong's clock. */
export const HONG_KONG_TIME_ZONE = 'Asia/Hong_Kong';

// Camera moves on slow devices (not in the spec).
/**
 * Refits and fly-tos are animated only while the map draws at least 20 frames a second; slower, a 600 ms
 * move is a few stills that hold back every other paint of the page, so it jumps.
 */
export const SMOOTH_FRAME_MAX_MS = 50;
/** An animated refit or view reset. */
export const FIT_ANIMATION_MS = 600;
