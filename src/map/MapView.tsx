import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { Map, type MapRef } from 'react-map-gl/maplibre';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FeatureCollection } from 'geojson';
import { MAP_BOUNDS, MAP_INITIAL_CENTER, MAP_INITIAL_ZOOM, MAP_MIN_ZOOM, MARKER_ICON_SIZE_PX } from '../config';
import { filteredMachinesAtom } from '../filters/filterAtoms';
import { packedMachinesAtom } from '../machines/machinesAtom';
import { useSearchIndexWarmUp } from '../filters/useSearchIndexWarmUp';
import { localeAtom } from '../i18n/localeAtom';
import { useT } from '../i18n/useT';
import land from '../../assets/hk-land.json';
import { buildBasemapStyle } from './basemapStyle';
import { runtimeConfig } from '../runtimeConfig';
import { DeckOverlay } from './DeckOverlay';
import { noteDrawnFrame } from './drawnFrames';
import { ICON_STRIP, preloadIconAtlas, readAtlasPixels, type IconAtlasSource } from './iconAtlas';
import { createMachineLayer, stableShownMask } from './machineLayer';
import { MachinePopup } from './MachinePopup';
import { MapAttribution } from './MapAttribution';
import { markerShape } from './markerShape';
import { useFitToResults } from './useFitToResults';
import { useFocusRequests } from './useFocusRequests';
import { useFramePace } from './useFramePace';
import { useLabelLanguage } from './useLabelLanguage';
import { useMapPointer } from './useMapPointer';
import { useReadySignal } from './useReadySignal';
import { useTileFade } from './useTileFade';
import { useViewReset } from './useViewReset';
import { useViewTracking } from './useViewTracking';
import classes from './MapView.module.css';

// A plain bundle cannot find MapLibre's worker next to itself: point it at the emitted file.
maplibregl.setWorkerUrl(workerUrl);

/*
 * The spec's "bound stiffness 0.9" is Leaflet's maxBoundsViscosity (1 = a solid wall). MapLibre's
 * maxBounds is that wall: the view cannot leave the box at all, the closest equivalent to 0.9.
 */
const MAX_BOUNDS: [number, number, number, number] = [...MAP_BOUNDS[0], ...MAP_BOUNDS[1]];
const iconAtlas = preloadIconAtlas();

const INITIAL_VIEW_STATE = { longitude: MAP_INITIAL_CENTER[0], latitude: MAP_INITIAL_CENTER[1], zoom: MAP_INITIAL_ZOOM };

export default function MapView() {
  const mapRef = useRef<MapRef>(null);
  const regionRef = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  const machines = useAtomValue(filteredMachinesAtom);
  const initialLocale = useRef(useAtomValue(localeAtom)).current;
  // A deployment may replace the default basemap with its own MapLibre style (RVM_BASEMAP_STYLE_URL).
  const mapStyle = useMemo(
    () => runtimeConfig().basemapStyleUrl ?? buildBasemapStyle(initialLocale, land as FeatureCollection),
    [initialLocale],
  );
  const t = useT();

  const packed = useAtomValue(packedMachinesAtom);
  const atlas = useIconAtlas();
  // A search key that changes no result keeps the layer: nothing for deck.gl to take, no frame to draw.
  const shownMask = useMemo(() => stableShownMask(machines.mask), [machines.mask]);
  const layers = useMemo(() => (atlas ? [createMachineLayer(packed, shownMask, atlas)] : []), [packed, shownMask, atlas]);
  // The region is busy (aria-busy) while its markers are not all on screen: icons loading, or very many
  // markers still being drawn a part per frame.
  const onAfterRender = useCallback(() => {
    const busy = String(noteDrawnFrame(layers[0], machines).result === null);
    const region = regionRef.current;
    if (region && region.getAttribute('aria-busy') !== busy) region.setAttribute('aria-busy', busy);
  }, [layers, machines]);
  const shape = useMemo(() => (atlas ? markerShape(ICON_STRIP, MARKER_ICON_SIZE_PX, readAtlasPixels(atlas)) : null), [atlas]);
  const pointer = useMapPointer(shape);

  useLabelLanguage(mapRef, loaded);
  const pace = useFramePace(mapRef, loaded);
  useTileFade(mapRef, loaded, pace);
  useFitToResults(mapRef, loaded, machines, pace);
  useFocusRequests(mapRef, loaded, pace);
  useReadySignal(mapRef, loaded);
  useViewTracking(mapRef, loaded, regionRef);
  useViewReset(mapRef, loaded, pace);
  useSearchIndexWarmUp(loaded);

  return (
    <div ref={regionRef} className={classes.map} role="region" aria-label={t('map.region')}>
      <Map
        ref={mapRef}
        mapLib={maplibregl}
        initialViewState={INITIAL_VIEW_STATE}
        minZoom={MAP_MIN_ZOOM}
        maxBounds={MAX_BOUNDS}
        mapStyle={mapStyle}
        attributionControl={false}
        dragRotate={false}
        touchPitch={false}
        pitchWithRotate={false}
        onLoad={() => setLoaded(true)}
        onClick={pointer.onClick}
        onMouseMove={pointer.onMouseMove}
        onMouseOut={pointer.onMouseOut}
        onDragStart={pointer.onDragStart}
        onDragEnd={pointer.onDragEnd}
      >
        <DeckOverlay layers={layers} getCursor={pointer.getCursor} onAfterRender={onAfterRender} />
        <MachinePopup />
      </Map>
      <MapAttribution />
    </div>
  );
}

/** The preloaded atlas once decoded (a few ms after the map's code runs; MapLibre's own start takes longer). */
function useIconAtlas(): IconAtlasSource | null {
  const [atlas, setAtlas] = useState<IconAtlasSource | null>(null);
  useEffect(() => {
    let current = true;
    void iconAtlas.then((loaded) => current && setAtlas(loaded));
    return () => {
      current = false;
    };
  }, []);
  return atlas;
}
