import type { CSSOptions } from 'vite';

type PostcssOptions = Extract<NonNullable<CSSOptions['postcss']>, object>;
type PostcssPlugin = Extract<NonNullable<PostcssOptions['plugins']>[number], { postcssPlugin: string }>;

const MAPLIBRE_CSS = /[\\/]maplibre-gl[\\/]dist[\\/]maplibre-gl\.css$/;

/**
 * What the page never puts on the map: MapLibre's controls (zoom, compass, full screen, globe, terrain, locate,
 * scale, its attribution and logo: the page draws its own attribution), HTML markers (deck.gl draws the machines),
 * the user's location dot and the cooperative-gestures screen (neither is turned on).
 */
const UNUSED_SELECTOR =
  /\.maplibregl-(ctrl|marker|user-location|cooperative-gesture|desktop-message|mobile-message|pseudo-fullscreen)/;
const UNUSED_KEYFRAMES = /^maplibregl-(spin|user-location-dot-pulse)$/;

/**
 * Drops MapLibre's style rules for the features above from its style sheet: of a selector list, only the selectors
 * naming them, so a rule shared with the canvas (its grab cursor) keeps the canvas' part. Every other rule, the
 * popup's, the canvas' and box zoom's among them, stays as MapLibre ships it.
 */
export const dropUnusedMapStyles: PostcssPlugin = {
  postcssPlugin: 'rvm:drop-unused-map-styles',
  Once(root) {
    if (!MAPLIBRE_CSS.test(root.source?.input.file ?? '')) return;
    root.walkRules((rule) => {
      const used = rule.selectors.filter((selector) => !UNUSED_SELECTOR.test(selector));
      if (used.length === 0) rule.remove();
      else if (used.length < rule.selectors.length) rule.selectors = used;
    });
    root.walkAtRules((atRule) => {
      const unusedKeyframes = atRule.name.endsWith('keyframes') && UNUSED_KEYFRAMES.test(atRule.params);
      if (unusedKeyframes || atRule.nodes?.length === 0) atRule.remove();
    });
  },
};
