import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import type { Locale } from '../../shared/machine';

/** The Lands Department's keyless XYZ raster basemap and its label overlay (WGS84 tiles in Web Mercator). */
export const HK_BASEMAP_TILES = 'https://mapapi.geodata.gov.hk/gs/api/v1.0.0/xyz/basemap/WGS84/{z}/{x}/{y}.png';
const HK_LABEL_LANGUAGE: Record<Locale, 'en' | 'tc' | 'sc'> = { en: 'en', zht: 'tc', zhs: 'sc' };

export function hkLabelTiles(locale: Locale): string {
  return `https://mapapi.geodata.gov.hk/gs/api/v1.0.0/xyz/label/hk/${HK_LABEL_LANGUAGE[locale]}/WGS84/{z}/{x}/{y}.png`;
}

export const LABEL_SOURCE_ID = 'hk-labels';
export const SEA_COLOR = '#b9d9e8';
export const LAND_COLOR = '#f3f1ea';

/**
 * The default style: an offline land outline under the raster tiles, so coastline and markers stay
 * readable when tiles cannot load (kiosk with a broken link, tests without network).
 */
export function buildBasemapStyle(locale: Locale, land: FeatureCollection): StyleSpecification {
  return {
    version: 8,
    sources: {
      'hk-land': { type: 'geojson', data: land },
      'hk-basemap': { type: 'raster', tiles: [HK_BASEMAP_TILES], tileSize: 256, maxzoom: 20 },
      [LABEL_SOURCE_ID]: { type: 'raster', tiles: [hkLabelTiles(locale)], tileSize: 256, maxzoom: 20 },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': SEA_COLOR } },
      { id: 'land', type: 'fill', source: 'hk-land', paint: { 'fill-color': LAND_COLOR } },
      { id: 'coastline', type: 'line', source: 'hk-land', paint: { 'line-color': '#8fb3c4', 'line-width': 1 } },
      { id: 'hk-basemap', type: 'raster', source: 'hk-basemap' },
      { id: 'hk-labels', type: 'raster', source: LABEL_SOURCE_ID },
    ],
  };
}

/** A style's raster layers (a basemap's tiles), bottom to top: this style's or a deployment's own. */
export function rasterLayerIds(map: Pick<MapLibreMap, 'getLayersOrder' | 'getLayer'>): string[] {
  return map.getLayersOrder().filter((id) => map.getLayer(id)?.type === 'raster');
}
