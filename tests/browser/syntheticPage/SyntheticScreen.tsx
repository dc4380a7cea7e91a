import { Paper } from '@mantine/core';
import { PhotoDialog } from '../../../src/card/PhotoDialog';
import { DesktopPanel } from '../../../src/layout/DesktopPanel';
import { Legend } from '../../../src/legend/Legend';
import { LazyMap } from '../../../src/map/LazyMap';
import screenClasses from '../../../src/layout/MapScreen.module.css';
import panelClasses from '../../../src/layout/Panels.module.css';

/** The product's desktop map screen (map, popup, panel, list, legend) without the list call. */
export function SyntheticScreen() {
  return (
    <main className={screenClasses.screen}>
      <LazyMap />
      <DesktopPanel />
      <Paper className={panelClasses.legendDock} shadow="md" p="sm" withBorder>
        <Legend />
      </Paper>
      <PhotoDialog />
    </main>
  );
}
