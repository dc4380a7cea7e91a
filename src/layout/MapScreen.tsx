import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { panelOpenAtom } from '../filters/filterPanelAtom';
import { useFeedFreshness } from '../freshness/useFeedFreshness';
import { useLiveStatuses } from '../live/useLiveStatuses';
import { loadFirstListAtom } from '../offline/firstListAtom';
import { useOfflineList } from '../offline/useOfflineList';
import { useUrlStateSync } from '../share/useUrlStateSync';
import { useIsMobile } from '../ui/useIsMobile';
import { MapScreenView } from './MapScreenView';
import { useKiosk } from './useKiosk';

/** The map screen: its first list, the address bar, live changes, the kept list and the feed's freshness, drawn. */
export function MapScreen() {
  const isMobile = useIsMobile();
  const loadFirstList = useSetAtom(loadFirstListAtom);
  const setPanelOpen = useSetAtom(panelOpenAtom);
  useKiosk();
  useUrlStateSync();
  useLiveStatuses();
  useOfflineList();
  useFeedFreshness();
  useEffect(() => {
    void loadFirstList();
  }, [loadFirstList]);
  useEffect(() => setPanelOpen(!isMobile), [isMobile, setPanelOpen]);
  return <MapScreenView mobile={isMobile} />;
}
