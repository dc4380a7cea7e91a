import { Paper } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { PhotoDialog } from '../card/PhotoDialog';
import { ReportDialog } from '../card/report/ReportDialog';
import { FeedStaleNotice } from '../freshness/FeedStaleNotice';
import { Legend } from '../legend/Legend';
import { LazyMap } from '../map/LazyMap';
import { MessageBar } from '../messages/MessageBar';
import { OfflineNotice } from '../offline/OfflineNotice';
import { onlineAtom } from '../offline/onlineAtom';
import { DesktopPanel } from './DesktopPanel';
import { LoadFailedNotice } from './LoadFailedNotice';
import { MobilePanels } from './MobilePanels';
import { RequestOverlay } from './RequestOverlay';
import classes from './MapScreen.module.css';
import panelClasses from './Panels.module.css';

interface MapScreenViewProps {
  /** The mobile panels instead of the desktop panel and legend dock. */
  mobile: boolean;
  /** False draws the map without the panels and the legend (the benchmark pans it so, as its other maps are). */
  panels?: boolean;
}

/**
 * What the map screen draws, from the atoms alone: the map, the panels, the notices and dialogs. It starts no
 * list call and follows no address or live stream (MapScreen does), so the benchmark draws it with its own machines.
 */
export function MapScreenView({ mobile, panels = true }: MapScreenViewProps) {
  const online = useAtomValue(onlineAtom);
  return (
    <main className={classes.screen}>
      <LazyMap />
      {panels &&
        (mobile ? (
          <MobilePanels />
        ) : (
          <>
            <DesktopPanel />
            <Paper className={panelClasses.legendDock} shadow="md" p="sm" withBorder>
              <Legend />
            </Paper>
          </>
        ))}
      <LoadFailedNotice />
      <OfflineNotice />
      {/* Offline, the offline notice already says the data is old. */}
      {online && <FeedStaleNotice />}
      <PhotoDialog />
      <ReportDialog />
      <RequestOverlay />
      <MessageBar />
    </main>
  );
}
