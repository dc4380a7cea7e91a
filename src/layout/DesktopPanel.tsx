import { Group, Paper, Stack } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { ResetButton, SearchButton } from '../filters/FilterActions';
import { FilterPills } from '../filters/FilterPills';
import { LocationList } from '../list/LocationList';
import { SearchBox } from '../filters/SearchBox';
import { DataFetchedAt } from '../freshness/DataFetchedAt';
import { NearMe } from '../nearby/NearMe';
import { OpenNowSwitch } from '../openNow/OpenNowSwitch';
import { panelOpenAtom } from '../filters/filterPanelAtom';
import { PanelToggle } from './PanelToggle';
import classes from './Panels.module.css';

/**
 * Desktop: search, filters and the Location List in one collapsible panel at the top right. The controls take four
 * short lines (search; status, area and district as pills; open now and Reset; near me), so that the list keeps
 * at least five rows in view at the largest text size on a 1280x800 screen.
 */
export function DesktopPanel() {
  const open = useAtomValue(panelOpenAtom);
  const id = useId();
  return (
    <div className={classes.desktopDock}>
      <div className={classes.toggleRow}>
        <PanelToggle controls={id} />
      </div>
      <Paper id={id} hidden={!open} className={classes.desktopPanel} shadow="md" withBorder>
        <Stack gap="0.5rem" className={classes.fill}>
          <Group gap="xs" wrap="nowrap">
            <div className={classes.grow}>
              <SearchBox />
            </div>
            <SearchButton />
          </Group>
          <FilterPills />
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <OpenNowSwitch />
            <ResetButton size="compact-sm" />
          </Group>
          <NearMe size="compact-sm" />
          <div className={`${classes.listArea} ${classes.ruled}`}>
            <LocationList />
          </div>
          <DataFetchedAt />
        </Stack>
      </Paper>
    </div>
  );
}
