import type { CSSOptions } from 'vite';

type PostcssOptions = Extract<NonNullable<CSSOptions['postcss']>, object>;
type PostcssPlugin = Extract<NonNullable<PostcssOptions['plugins']>[number], { postcssPlugin: string }>;

const MAPLIBRE_CSS = /[\\/]maplibre-gl[\\/]dist[\\/]maplibre-gl\.css$/;

/**
 * Drops from MapLibre's style sheet the pictures of the controls the page never adds (zoom, compass, full
 * screen, globe, terrain, locate, the compact attribution button, the MapLibre logo): inline SVG, about 6.5 KB
 * of the map's 8.6 KB of Brotli CSS. The page draws its own attribution and adds no MapLibre control; every
 * other rule, the popup's and the canvas' among them, stays as MapLibre ships it.
 */
export const dropMapControlIcons: PostcssPlugin = {
  postcssPlugin: 'rvm:drop-map-control-icons',
  Once(root) {
    if (!MAPLIBRE_CSS.test(root.source?.input.file ?? '')) return;
    root.walkRules((rule) => {
      if (!rule.selector.includes('.maplibregl-ctrl')) return;
      rule.walkDecls((decl) => {
        if (decl.value.includes('url("data:') || decl.value.includes("url('data:")) decl.remove();
      });
      if (rule.nodes.length === 0) rule.remove();
    });
    root.walkAtRules((atRule) => {
      if (atRule.nodes?.length === 0) atRule.remove();
    });
  },
};
