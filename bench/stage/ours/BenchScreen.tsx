import { Paper } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { PhotoDialog } from '../../../src/card/PhotoDialog';
import { DesktopPanel } from '../../../src/layout/DesktopPanel';
import { Legend } from '../../../src/legend/Legend';
import { LazyMap } from '../../../src/map/LazyMap';
import screenClasses from '../../../src/layout/MapScreen.module.css';
import panelClasses from '../../../src/layout/Panels.module.css';
import { chromeShownAtom } from './chromeAtom';

/** The product's desktop map screen (map, popup, panel, list, legend) without the list call: the machines are synthetic. */
export function BenchScreen() {
  const chrome = useAtomValue(chromeShownAtom);
  return (
    <main className={screenClasses.screen}>
      <LazyMap />
      {chrome && (
        <>
          <DesktopPanel />
          <Paper className={panelClasses.legendDock} shadow="md" p="sm" withBorder>
            <Legend />
          </Paper>
        </>
      )}
      <PhotoDialog />
    </main>
  );
}
