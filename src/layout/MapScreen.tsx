import { Paper } from '@mantine/core';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { PhotoDialog } from '../card/PhotoDialog';
import { Legend } from '../legend/Legend';
import { useKiosk } from './useKiosk';
import { LazyMap } from '../map/LazyMap';
import { useLiveStatuses } from '../live/useLiveStatuses';
import { useUrlStateSync } from '../share/useUrlStateSync';
import { loadMachinesAtom } from '../machines/machinesAtom';
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
  const loadMachines = useSetAtom(loadMachinesAtom);
  const setPanelOpen = useSetAtom(panelOpenAtom);
  useKiosk();
  useUrlStateSync();
  useLiveStatuses();
  useEffect(() => {
    void loadMachines();
  }, [loadMachines]);
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
      <PhotoDialog />
      <RequestOverlay />
      <MessageBar />
    </main>
  );
}
