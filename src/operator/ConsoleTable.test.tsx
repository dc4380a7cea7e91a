import { MantineProvider, Table } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import a11y from '../ui/a11y.module.css';
import { fakeMatchMedia } from '../../tests/support/matchMedia';
import { ConsoleRow, ConsoleTable } from './ConsoleTable';
import classes from './ConsoleTable.module.css';

/** A phone to useIsMobile: every max-width query matches. */
const onPhone = () =>
  vi.stubGlobal(
    'matchMedia',
    fakeMatchMedia((query) => query.includes('max-width')),
  );

function People({ withNote }: { withNote: boolean }) {
  return (
    <MantineProvider env="test">
      <ConsoleTable
        minWidth={400}
        className="mine"
        aria-label="People"
        columns={['Name', 'Role', ...(withNote ? ['Note'] : []), 'Actions']}
      >
        <ConsoleRow>
          <Table.Th scope="row">ada</Table.Th>
          <Table.Td>Admin</Table.Td>
          {withNote && <Table.Td>On leave</Table.Td>}
          <Table.Td>
            <button type="button">Edit</button>
          </Table.Td>
        </ConsoleRow>
        <ConsoleRow>
          <Table.Td colSpan={4}>More about ada</Table.Td>
        </ConsoleRow>
      </ConsoleTable>
    </MantineProvider>
  );
}

const labels = () =>
  within(screen.getByRole('table'))
    .getAllByRole('cell')
    .map((cell) => cell.getAttribute('data-label'));

describe('a console table', () => {
  it('names its columns once: the header, and each cell of the body in order', () => {
    render(<People withNote />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Role',
      'Note',
      'Actions',
    ]);
    expect(screen.getByRole('rowheader').getAttribute('data-label')).toBeNull();
    expect(labels()).toEqual(['Role', 'Note', 'Actions', null]);
  });

  it('skips a column left out of both the columns and the row', () => {
    render(<People withNote={false} />);
    expect(labels()).toEqual(['Role', 'Actions', null]);
  });

  it("on a phone keeps the caller's class beside the cards' and hides the header from sight only", () => {
    onPhone();
    render(<People withNote={false} />);
    const table = screen.getByRole('table');
    expect(table.classList).toContain(classes.cards);
    expect(table.classList).toContain('mine');
    expect(table.querySelector('thead')!.classList).toContain(a11y.visuallyHidden);
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    expect(labels()).toEqual(['Role', 'Actions', null]);
  });
});
