import { Button, CloseButton, Group, Paper, Stack } from '@mantine/core';
import { useAtom, useSetAtom } from 'jotai';
import { useId } from 'react';
import { FilterActions } from '../filters/FilterActions';
import { FilterFields } from '../filters/FilterFields';
import { LocationList } from '../list/LocationList';
import { SearchBox } from '../filters/SearchBox';
import { useT } from '../i18n/useT';
import { Legend } from '../legend/Legend';
import { DataFetchedAt } from '../freshness/DataFetchedAt';
import { NearMe } from '../nearby/NearMe';
import { ListIcon } from '../ui/icons';
import { mobileListOpenAtom } from './mobileListAtom';
import { panelOpenAtom } from '../filters/filterPanelAtom';
import { PanelToggle } from './PanelToggle';
import classes from './Panels.module.css';

/** Mobile: a filter sheet with Reset and Search, a 'location list' button opening a list card (docs/spec.md#mobile). */
export function MobilePanels() {
  const [panelOpen, setPanelOpen] = useAtom(panelOpenAtom);
  const [listOpen, setListOpen] = useAtom(mobileListOpenAtom);
  const sheetId = useId();
  const listId = useId();
  const t = useT();
  const closeAll = () => {
    setPanelOpen(false);
    setListOpen(false);
  };
  return (
    <>
      <div className={classes.mobileTop}>
        <div className={classes.toggleRow}>
          <PanelToggle controls={sheetId} />
        </div>
        <Paper id={sheetId} hidden={!panelOpen} className={classes.mobileSheet} shadow="md" p="sm" withBorder>
          <Stack gap="xs">
            <FilterFields />
            <FilterActions onSearch={() => setPanelOpen(false)} />
            <NearMe onChoose={closeAll} />
            <Legend />
            <DataFetchedAt />
          </Stack>
        </Paper>
      </div>
      {!listOpen && (
        <Button
          className={classes.listButton}
          size="compact-md"
          leftSection={<ListIcon size="1rem" />}
          aria-expanded={false}
          aria-controls={listId}
          onClick={() => {
            setListOpen(true);
            setPanelOpen(false);
          }}
        >
          {t('list.open')}
        </Button>
      )}
      <MobileListCard id={listId} open={listOpen} onClose={() => setListOpen(false)} onChoose={closeAll} />
    </>
  );
}

function MobileListCard(props: { id: string; open: boolean; onClose: () => void; onChoose: () => void }) {
  const setOpen = useSetAtom(mobileListOpenAtom);
  const t = useT();
  return (
    <Paper
      id={props.id}
      hidden={!props.open}
      className={classes.mobileList}
      shadow="lg"
      p="sm"
      withBorder
      role="dialog"
      aria-label={t('list.title')}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      <Stack gap="xs" className={classes.fill}>
        {/* The list below has the card's heading; a second title here would say the same twice. */}
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <div className={classes.grow}>{props.open && <SearchBox />}</div>
          <CloseButton aria-label={t('list.close')} onClick={props.onClose} />
        </Group>
        <LocationList onChoose={props.onChoose} />
        <DataFetchedAt />
      </Stack>
    </Paper>
  );
}
