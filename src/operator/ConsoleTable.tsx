import { Table, type TableProps, type TableTdProps, type TableTrProps } from '@mantine/core';
import { Children, cloneElement, createContext, isValidElement, useContext, type ReactNode } from 'react';
import a11y from '../ui/a11y.module.css';
import { useIsMobile } from '../ui/useIsMobile';
import classes from './ConsoleTable.module.css';

interface ConsoleTableProps extends Omit<TableProps, 'data' | 'children'> {
  minWidth: number;
  /** The columns' names, in order: the header's texts, and each body cell's `data-label`. */
  columns: readonly string[];
  caption?: ReactNode;
  /** The body's rows: `ConsoleRow`s, or components that render them. */
  children: ReactNode;
}

const ColumnsContext = createContext<readonly string[]>([]);

/**
 * A console table: rows on a wide screen, scrolling sideways below `minWidth`; on a phone each row is a card, each
 * value under its column's name (its cell's `data-label`), so that no column, least of all the actions, is out of sight.
 */
export function ConsoleTable({ minWidth, columns, caption, className, children, ...props }: ConsoleTableProps) {
  const mobile = useIsMobile();
  const table = (
    <Table {...props} className={mobile ? [classes.cards, className].filter(Boolean).join(' ') : className}>
      {caption !== undefined && <Table.Caption>{caption}</Table.Caption>}
      <Table.Thead className={mobile ? a11y.visuallyHidden : undefined}>
        <Table.Tr>
          {columns.map((label, index) => (
            <Table.Th key={index} scope="col">
              {label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <ColumnsContext.Provider value={columns}>{children}</ColumnsContext.Provider>
      </Table.Tbody>
    </Table>
  );
  return mobile ? table : <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>;
}

type CellProps = TableTdProps & { 'data-label'?: string };

/**
 * A row of a ConsoleTable's body, its cells `Table.Td`s and `Table.Th`s given directly. Each `Table.Td` gets its
 * column's name as `data-label`; a `Table.Th` (the row's name, a card's title) and a cell spanning columns get none.
 */
export function ConsoleRow({ children, ...props }: TableTrProps) {
  const columns = useContext(ColumnsContext);
  let column = 0;
  const cells = Children.map(children, (cell) => {
    if (!isValidElement<CellProps>(cell)) return cell;
    const span = cell.props.colSpan ?? 1;
    const label = columns[column];
    column += span;
    return cell.type === Table.Td && span === 1 ? cloneElement(cell, { 'data-label': label }) : cell;
  });
  return <Table.Tr {...props}>{cells}</Table.Tr>;
}
