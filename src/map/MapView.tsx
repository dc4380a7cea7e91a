import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { MapLibreOverlay } from '@deck.gl/maplibre';
import { Map, type MapRef } from 'react-map-gl/maplibre';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { FeatureCollection } from 'geojson';
import { MAP_BOUNDS, MAP_INITIAL_CENTER, MAP_INITIAL_ZOOM, MAP_MIN_ZOOM } from '../config';
import { filteredMachinesAtom } from '../filters/filterAtoms';
import { packedMachinesAtom } from '../machines/machinesAtom';
import { useSearchIndexWarmUp } from '../filters/useSearchIndexWarmUp';
import { localeAtom } from '../i18n/localeAtom';
import { useT } from '../i18n/useT';
import land from '../../assets/hk-land.json';
import { buildBasemapStyle } from './basemapStyle';
import { runtimeConfig } from '../runtimeConfig';
import { DeckOverlay } from './DeckOverlay';
import { drawnFrames } from './drawnFrames';
import { fetchAhead } from './fetchAhead';
import { mapWorkerUrl } from './mapWorkerUrl';
import { ICON_ATLAS_URL } from './iconAtlas';
import { createMachineLayer } from './machineLayer';
import { HereMarker } from './HereMarker';
import { MachinePopup } from './MachinePopup';
import { MapAttribution } from './MapAttribution';
import { useFitToResults } from './useFitToResults';
import { useFocusRequests } from './useFocusRequests';
import { useFramePace } from './useFramePace';
import { useLabelLanguage } from './useLabelLanguage';
import { useMarkerPointer } from './useMarkerPointer';
import { usePopupInView } from './usePopupInView';
import { useReadySignal } from './useReadySignal';
import { useStableMask } from './useStableMask';
import { useTileFade } from './useTileFade';
import { useViewReset } from './useViewReset';
import { useViewTracking } from './useViewTracking';
import classes from './MapView.module.css';

maplibregl.setWorkerUrl(mapWorkerUrl());
// Both are started later in the map's set-up (the worker when the map is made, the marker atlas once deck.gl has
// its WebGL device); started now, as this chunk runs, they are ready during that set-up instead of after it.
maplibregl.prewarm();
fetchAhead([ICON_ATLAS_URL]);

/*
 * The spec's "bound stiffness 0.9" is Leaflet's maxBoundsViscosity (1 = a solid wall). MapLibre's
 * maxBounds is that wall: the view cannot leave the box at all, the closest equivalent to 0.9.
 */
const MAX_BOUNDS: [number, number, number, number] = [...MAP_BOUNDS[0], ...MAP_BOUNDS[1]];

const INITIAL_VIEW_STATE = {
  longitude: MAP_INITIAL_CENTER[0],
  latitude: MAP_INITIAL_CENTER[1],
  zoom: MAP_INITIAL_ZOOM,
};

export default function MapView() {
  const mapRef = useRef<MapRef>(null);
  const regionRef = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  const result = useAtomValue(filteredMachinesAtom);
  const initialLocale = useRef(useAtomValue(localeAtom)).current;
  // A deployment may replace the default basemap with its own MapLibre style (RVM_BASEMAP_STYLE_URL).
  const mapStyle = useMemo(
    () => runtimeConfig().basemapStyleUrl ?? buildBasemapStyle(initialLocale, land as FeatureCollection),
    [initialLocale],
  );
  const t = useT();

  const packed = useAtomValue(packedMachinesAtom);
  const shownMask = useStableMask(result.mask);
  const layers = useMemo(
    () => [createMachineLayer(result.machines, packed, shownMask)],
    [result.machines, packed, shownMask],
  );
  const overlayRef = useRef<MapLibreOverlay>(null);
  const pointer = useMarkerPointer(mapRef, overlayRef);
  const { onDeckDrawn } = pointer;
  // The region is busy (aria-busy) until deck.gl has drawn the current markers with their icons.
  const onAfterRender = useCallback(() => {
    onDeckDrawn();
    // A layer deck.gl has not taken yet is not loaded either.
    const drawn = layers[0]!.isLoaded ? result : null;
    drawnFrames.send({ at: performance.now(), result: drawn });
    const busy = String(drawn === null);
    const region = regionRef.current;
    if (region && region.getAttribute('aria-busy') !== busy) region.setAttribute('aria-busy', busy);
  }, [layers, result, onDeckDrawn]);

  useLabelLanguage(mapRef, loaded);
  const pace = useFramePace(mapRef, loaded);
  useTileFade(mapRef, loaded, pace);
  useFitToResults(mapRef, loaded, result, pace);
  useFocusRequests(mapRef, loaded, pace);
  usePopupInView(mapRef, loaded, pace);
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
        <DeckOverlay ref={overlayRef} layers={layers} onAfterRender={onAfterRender} />
        <HereMarker />
        <MachinePopup />
      </Map>
      <MapAttribution />
    </div>
  );
}
