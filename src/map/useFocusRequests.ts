import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { LIST_SELECT_MAX_ZOOM, POPUP_OPEN_DELAY_MS } from '../config';
import { machineByIdAtom } from '../machines/machinesAtom';
import { focusRequestAtom, selectedMachineIdAtom } from '../selection/selectionAtoms';
import type { FramePace } from './framePace';

/** A machine chosen in the list: fly to it (max zoom 15), open its popup about 100 ms later (docs/spec.md#desktop). */
export function useFocusRequests(mapRef: RefObject<MapRef | null>, loaded: boolean, pace: FramePace): void {
  const request = useAtomValue(focusRequestAtom);
  const machines = useAtomValue(machineByIdAtom);
  const select = useSetAtom(selectedMachineIdAtom);
  useEffect(() => {
    if (!loaded || !request) return;
    const machine = machines.get(request.id);
    const map = mapRef.current;
    if (!machine || !map) return;
    select(null);
    const center: [number, number] = [machine.coordinates[1], machine.coordinates[0]];
    // MapLibre's own flight time, or none on a slow device.
    map.flyTo({ center, zoom: LIST_SELECT_MAX_ZOOM, ...(pace.animates() ? {} : { duration: 0 }) });
    const timer = setTimeout(() => select(machine.id), POPUP_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
    // Only a new request moves the map; a refreshed machine list must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, loaded]);
}
