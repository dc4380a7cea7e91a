import { Paper } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { PhotoDialog } from '../card/PhotoDialog';
import { Legend } from '../legend/Legend';
import { useKiosk } from './useKiosk';
import { LazyMap } from '../map/LazyMap';
import { useLiveStatuses } from '../live/useLiveStatuses';
import { useUrlStateSync } from '../share/useUrlStateSync';
import { loadFirstListAtom } from '../offline/firstListAtom';
import { OfflineNotice } from '../offline/OfflineNotice';
import { onlineAtom } from '../offline/onlineAtom';
import { FeedStaleNotice } from '../freshness/FeedStaleNotice';
import { useFeedFreshness } from '../freshness/useFeedFreshness';
import { useOfflineList } from '../offline/useOfflineList';
import { MessageBar } from '../messages/MessageBar';
import { panelOpenAtom } from '../filters/filterPanelAtom';
import { useIsMobile } from '../ui/useIsMobile';
import { DesktopPanel } from './DesktopPanel';
import { LoadFailedNotice } from './LoadFailedNotice';
import { MobilePanels } from './MobilePanels';
import { RequestOverlay } from './RequestOverlay';
import classes from './MapScreen.module.css';
import panelClasses from './Panels.module.css';

export function MapScreen() {
  const isMobile = useIsMobile();
  const loadFirstList = useSetAtom(loadFirstListAtom);
  const setPanelOpen = useSetAtom(panelOpenAtom);
  useKiosk();
  useUrlStateSync();
  useLiveStatuses();
  useOfflineList();
  useFeedFreshness();
  const online = useAtomValue(onlineAtom);
  useEffect(() => {
    void loadFirstList();
  }, [loadFirstList]);
  useEffect(() => setPanelOpen(!isMobile), [isMobile, setPanelOpen]);
  return (
    <main className={classes.screen}>
      <LazyMap />
      {isMobile ? (
        <MobilePanels />
      ) : (
        <>
          <DesktopPanel />
          <Paper className={panelClasses.legendDock} shadow="md" p="sm" withBorder>
            <Legend />
          </Paper>
        </>
      )}
      <LoadFailedNotice />
      <OfflineNotice />
      {/* Offline, the offline notice already says the data is old. */}
      {online && <FeedStaleNotice />}
      <PhotoDialog />
      <RequestOverlay />
      <MessageBar />
    </main>
  );
}
