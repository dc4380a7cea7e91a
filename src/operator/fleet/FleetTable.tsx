import { UnstyledButton } from '@mantine/core';
import { useTable, type Updater, type SortingState } from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useAtom, useAtomValue } from 'jotai';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import a11y from '../../ui/a11y.module.css';
import { useIsMobile } from '../../ui/useIsMobile';
import { useConsoleT } from '../i18n/useConsoleT';
import { fleetAtom, fleetShownAtom, fleetSortAtom } from './fleetAtoms';
import { FLEET_FEATURES, FLEET_TABLE_COLUMNS, sortingOf, sortOf } from './fleetColumns';
import type { FleetRow } from './fleetRow';
import type { FleetColumn } from './fleetSort';
import classes from './FleetTable.module.css';

/** Row heights: a line of cells on a desktop; a card of labelled values on a phone, its first guess (then measured). */
const ROW_HEIGHT_PX = 52;
const CARD_HEIGHT_PX = 260;
const OVERSCAN_ROWS = 6;

/**
 * The fleet as an ARIA table that scrolls with the page: only the rows in view (and a few around them) are in the
 * DOM, whatever the number of machines. The header stays in view and sorts by its buttons; on a phone each row is
 * a card and the header, still read by screen readers, is out of sight (FleetSortMenu sorts there).
 */
export function FleetTable() {
  const t = useConsoleT();
  const mobile = useIsMobile();
  const fleet = useAtomValue(fleetAtom);
  const shown = useAtomValue(fleetShownAtom);
  const [sort, setSort] = useAtom(fleetSortAtom);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [bodyTop, setBodyTop] = useState(0);
  // Where the rows start on the page moves whenever the filters above wrap differently: measured after every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const top = (bodyRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (top !== bodyTop) setBodyTop(top);
  });

  const virtualizer = useWindowVirtualizer({
    count: shown.length,
    estimateSize: () => (mobile ? CARD_HEIGHT_PX : ROW_HEIGHT_PX),
    overscan: OVERSCAN_ROWS,
    scrollMargin: bodyTop,
    getItemKey: (index) => fleet?.rows[shown[index]!]?.machine.id ?? index,
  });
  useLayoutEffect(() => virtualizer.measure(), [mobile, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const inView = useMemo<FleetRow[]>(
    () => (fleet ? items.map((item) => fleet.rows[shown[item.index]!]!) : []),
    [fleet, items, shown],
  );

  const table = useTable({
    features: FLEET_FEATURES,
    columns: FLEET_TABLE_COLUMNS,
    data: inView,
    getRowId: (row) => row.machine.id,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting: sortingOf(sort) },
    onSortingChange: (updater: Updater<SortingState>) =>
      setSort((previous) => sortOf(typeof updater === 'function' ? updater(sortingOf(previous)) : updater, previous)),
  });
  const rows = table.getRowModel().rows;

  return (
    <div
      role="table"
      aria-label={t('fleet.table')}
      aria-rowcount={shown.length + 1}
      className={classes.table}
      data-layout={mobile ? 'cards' : 'rows'}
    >
      <div role="rowgroup" className={mobile ? a11y.visuallyHidden : classes.head}>
        {table.getHeaderGroups().map((group) => (
          <div role="row" aria-rowindex={1} key={group.id} className={classes.row}>
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              const label = t(`fleet.column.${header.column.id as FleetColumn}`);
              return (
                <div
                  role="columnheader"
                  key={header.id}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  className={classes.cell}
                  data-column={header.column.id}
                >
                  <UnstyledButton className={classes.sort} onClick={header.column.getToggleSortingHandler()}>
                    {label}
                    <span aria-hidden className={classes.arrow}>
                      {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                    </span>
                  </UnstyledButton>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <div role="rowgroup" ref={bodyRef} className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row, k) => {
          const item = items[k]!;
          return (
            <div
              role="row"
              key={row.id}
              aria-rowindex={item.index + 2}
              className={classes.row}
              // A card's height depends on its texts (a long name wraps, Chinese labels are shorter): measured.
              data-index={item.index}
              ref={mobile ? virtualizer.measureElement : undefined}
              style={{
                transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
                height: mobile ? undefined : item.size,
              }}
            >
              {row.getAllCells().map((cell) => (
                <div role="cell" key={cell.id} className={classes.cell} data-column={cell.column.id}>
                  <span className={classes.label} aria-hidden>
                    {t(`fleet.column.${cell.column.id as FleetColumn}`)}
                  </span>
                  <div className={classes.value}>
                    <table.FlexRender cell={cell} />
                  </div>
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
