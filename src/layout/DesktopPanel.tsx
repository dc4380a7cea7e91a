import { Divider, Paper, Stack } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { FilterActions } from '../filters/FilterActions';
import { FilterFields } from '../filters/FilterFields';
import { LocationList } from '../list/LocationList';
import { SearchBox } from '../filters/SearchBox';
import { DataFetchedAt } from '../freshness/DataFetchedAt';
import { NearMe } from '../nearby/NearMe';
import { panelOpenAtom } from '../filters/filterPanelAtom';
import { PanelToggle } from './PanelToggle';
import classes from './Panels.module.css';

/** Desktop: filters, search, Reset/Search and the Location List in one collapsible panel at the top right. */
export function DesktopPanel() {
  const open = useAtomValue(panelOpenAtom);
  const id = useId();
  return (
    <div className={classes.desktopDock}>
      <div className={classes.toggleRow}>
        <PanelToggle controls={id} />
      </div>
      <Paper id={id} hidden={!open} className={classes.desktopPanel} shadow="md" p="md" withBorder>
        <Stack gap="sm" className={classes.fill}>
          <FilterFields />
          <SearchBox />
          <FilterActions />
          <NearMe />
          <Divider />
          <div className={classes.listArea}>
            <LocationList />
          </div>
          <DataFetchedAt />
        </Stack>
      </Paper>
    </div>
  );
}
