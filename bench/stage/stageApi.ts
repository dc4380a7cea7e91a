import type { CodeCriteria } from '../../src/filters/filterResult';

/** The three ways of drawing the machines the bench compares, by the names the record uses. */
export const RENDERERS = ['ours', 'leaflet', 'maplibre-symbol'] as const;
export type RendererName = (typeof RENDERERS)[number];

export const RENDERER_LABELS: Record<RendererName, string> = {
  ours: 'Ours: deck.gl IconLayer',
  leaflet: 'Leaflet DOM markers',
  'maplibre-symbol': 'MapLibre symbol layer',
};

/** The machine counts a run can have. */
export const BENCH_SIZES = [1_000, 10_000, 100_000, 1_000_000] as const;

export const FILTER_KINDS = ['status', 'district', 'reset'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

/** The same filter changes on every renderer: one status group, one district, back to everything. */
export const FILTERS: Record<FilterKind, CodeCriteria> = {
  status: { statusGroup: 'nearlyFull', area: null, district: null },
  district: { statusGroup: null, area: 'NEW_TERRITORIES', district: 'SHA TIN' },
  reset: { statusGroup: null, area: null, district: null },
};

/** Typed one key at a time: broad at first ('s' is in every name), narrow at the end. */
export const SEARCH_TEXT = 'sha tin';

export const SCENARIOS = ['load', 'filter', 'search', 'panZoom', 'live'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** requestAnimationFrame intervals, in ms. */
export interface FrameStats {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

/**
 * One measured step of a run, as the page's table shows it and the record keeps it. Times in ms; null where the
 * step has no such figure (pan and zoom changes no machine; a browser without the JS self-profiler has no JS time).
 */
export interface StepRecord {
  scenario: ScenarioName;
  /** E.g. "load", "filter: status", "search 'sh'", "pan and zoom", "live status change". */
  step: string;
  /** Machines shown once the step is on screen. */
  shown: number | null;
  /**
   * From the step's start to the first frame showing its result, with the GPU done drawing it. The load counts
   * from the stage's navigation, less generating the synthetic machines (the same work on every renderer).
   */
  drawnMs: number;
  /** The stage's main-thread JavaScript over the same span, from the JS self-profiler's samples. */
  jsMs: number | null;
  /** Frame intervals over the same span. */
  frames: FrameStats | null;
  /** WebGL draw calls and bytes handed to buffer and texture uploads over the same span (Leaflet draws none). */
  draws: number;
  uploadKB: number;
}

/** What the stage (stage.html, inside the page's iframe) offers the page that drives it. */
export interface Stage {
  renderer: RendererName;
  n: number;
  /** Generating the synthetic machines, before anything is drawn. */
  generateMs: number;
  /** How often the stage's JavaScript is sampled, or null when this browser or server does not allow it. */
  jsSamplingMs: number | null;
  /** The load step: resolves at the first frame with every marker. */
  load: Promise<StepRecord>;
  filter(kind: FilterKind): Promise<StepRecord>;
  /** The search text applied as when the search box's debounce fires. */
  search(text: string): Promise<StepRecord>;
  /** One machine's status changes, as a live event changes it. */
  liveChange(): Promise<StepRecord>;
  /**
   * A drag across the map and back, then (`full`) two wheel steps in and two out, until the map is quiet again
   * (giving up on quiet after `settleLimitMs`).
   */
  panZoom(length: 'full' | 'short', settleLimitMs: number): Promise<StepRecord>;
  /** Until the map has drawn nothing for a while; false when it was still drawing after `limitMs`. */
  settle(limitMs: number): Promise<boolean>;
  /** Frame intervals of about the last second, for the page's live readout. */
  recentFrames(): number[];
}

declare global {
  interface Window {
    __stage?: Stage;
  }
}
