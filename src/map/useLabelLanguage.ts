import { useAtomValue } from 'jotai';
import { useEffect, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { RasterTileSource } from 'maplibre-gl';
import { localeAtom } from '../i18n/localeAtom';
import { LABEL_SOURCE_ID, hkLabelTiles } from './basemapStyle';

/**
 * Switches the basemap's label overlay with the interface language, without reloading the style. Tiles already in
 * that language are left alone: setting them again reloads every label tile in view.
 */
export function useLabelLanguage(mapRef: RefObject<MapRef | null>, loaded: boolean): void {
  const locale = useAtomValue(localeAtom);
  useEffect(() => {
    if (!loaded) return;
    const source = mapRef.current?.getMap().getSource<RasterTileSource>(LABEL_SOURCE_ID);
    const tiles = hkLabelTiles(locale);
    if (source && source.tiles?.[0] !== tiles) source.setTiles([tiles]);
  }, [mapRef, loaded, locale]);
}
