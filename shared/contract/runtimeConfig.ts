import type { FromSchema } from 'json-schema-to-ts';
import {
  DEFAULT_KIOSK_IDLE_MS,
  DEFAULT_KIOSK_REFRESH_MS,
  DEFAULT_STALE_AFTER_MS,
  MAX_KIOSK_INTERVAL_MS,
  MAX_STALE_AFTER_MS,
  MIN_FEED_INTERVAL_MS,
  MIN_KIOSK_INTERVAL_MS,
  MIN_STALE_AFTER_MS,
} from '../deploymentDefaults';

const kioskInterval = { type: 'integer', minimum: MIN_KIOSK_INTERVAL_MS, maximum: MAX_KIOSK_INTERVAL_MS } as const;

/**
 * What the server hands the page at run time (`GET /runtime-config.js` sets `window.__RVM_CONFIG__`): the
 * deployment's settings, no rebuild needed. The server writes it from its configuration; the page reads it field by
 * field (src/runtimeConfig.ts), each missing or malformed value falling back to its default, each number clamped
 * to its bounds. The page imports the fields alone: the schema's frame below is the server's.
 */
export const RUNTIME_CONFIG_PROPERTIES = {
  /** Host origins allowed to embed the page and talk to it; empty = any parent. */
  embedOrigins: { type: 'array', items: { type: 'string' } },
  kioskRefreshMs: { ...kioskInterval, default: DEFAULT_KIOSK_REFRESH_MS },
  kioskIdleMs: { ...kioskInterval, default: DEFAULT_KIOSK_IDLE_MS },
  /** Where the deployment's kiosks stand (RVM_KIOSK_HERE), [latitude, longitude]; a kiosk's `?here=` overrides it. */
  kioskHere: { type: ['array', 'null'], prefixItems: [{ type: 'number' }, { type: 'number' }], items: false },
  /** A MapLibre style URL replacing the default basemap (RVM_BASEMAP_STYLE_URL). */
  basemapStyleUrl: { type: ['string', 'null'], pattern: '^(https?://|/)' },
  /** A machine whose `last_online` is older than this is shown as not reporting (RVM_STALE_AFTER_MIN). */
  staleAfterMs: {
    type: 'integer',
    minimum: MIN_STALE_AFTER_MS,
    maximum: MAX_STALE_AFTER_MS,
    default: DEFAULT_STALE_AFTER_MS,
  },
  /** How often the server asks the feed it follows (RVM_UPSTREAM_INTERVAL_S); null = it follows none. */
  feedIntervalMs: { type: ['integer', 'null'], minimum: MIN_FEED_INTERVAL_MS, maximum: MAX_KIOSK_INTERVAL_MS },
} as const;

type RuntimeSetting = keyof typeof RUNTIME_CONFIG_PROPERTIES;

/** `components.schemas.RuntimeConfig`: every setting is always sent. */
export const RUNTIME_CONFIG_SCHEMA = {
  $id: 'RuntimeConfig',
  description: "The page's settings of this deployment, as `window.__RVM_CONFIG__`",
  type: 'object',
  additionalProperties: false,
  required: /* @__PURE__ */ Object.keys(RUNTIME_CONFIG_PROPERTIES) as RuntimeSetting[],
  properties: RUNTIME_CONFIG_PROPERTIES,
} as const;

/** json-schema-to-ts reads no `prefixItems`: the place's pair is written here. */
export type RuntimeConfig = Omit<FromSchema<typeof RUNTIME_CONFIG_SCHEMA>, 'kioskHere'> & {
  kioskHere: [number, number] | null;
};

/** A setting's bounds and default, as the page clamps what it is given. */
export interface NumberSetting {
  minimum: number;
  maximum: number;
  default?: number;
}
