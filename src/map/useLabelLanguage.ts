import { useAtomValue } from 'jotai';
import { useEffect, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { RasterTileSource } from 'maplibre-gl';
import { localeAtom } from '../i18n/localeAtom';
import { LABEL_SOURCE_ID, hkLabelTiles } from './basemapStyle';

/** Switches the basemap's label overlay with the interface language, without reloading the style. */
export function useLabelLanguage(mapRef: RefObject<MapRef | null>, loaded: boolean): void {
  const locale = useAtomValue(localeAtom);
  useEffect(() => {
    if (!loaded) return;
    const source = mapRef.current?.getMap().getSource<RasterTileSource>(LABEL_SOURCE_ID);
    source?.setTiles([hkLabelTiles(locale)]);
  }, [mapRef, loaded, locale]);
}
