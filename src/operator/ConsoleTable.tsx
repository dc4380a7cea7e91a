import { Table, type TableProps } from '@mantine/core';
import { useIsMobile } from '../ui/useIsMobile';
import classes from './ConsoleTable.module.css';

/**
 * A console table: rows on a wide screen, scrolling sideways below `minWidth`; on a phone each row is a card, each
 * value under its column's name (its cell's `data-label`), so that no column, least of all the actions, is out of sight.
 */
export function ConsoleTable({ minWidth, ...props }: TableProps & { minWidth: number }) {
  const mobile = useIsMobile();
  return mobile ? (
    <Table {...props} className={classes.cards} data-layout="cards" />
  ) : (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...props} />
    </Table.ScrollContainer>
  );
}
