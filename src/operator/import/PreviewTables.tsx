import { Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { localeAtom } from '../../i18n/localeAtom';
import { translateDynamic } from '../../i18n/translate';
import { useConsoleT } from '../i18n/useConsoleT';
import { useProblemText } from '../useProblemText';
import {
  pageOf,
  readAdded,
  readChanged,
  readRef,
  readRejected,
  showFieldValue,
  type AddedRow,
  type ChangedRow,
  type RejectedRow,
  type RowRef,
} from './importPreview';

/** Rows a page of a preview's table shows: a 100,000-row file is paged, never 100,000 rows in the page. */
export const PREVIEW_PAGE_ROWS = 50;

interface Column<T> {
  title: string;
  cell: (row: T) => ReactNode;
}

/** One kind of row of the preview as a table, a page at a time: only that page's rows are read. */
function PagedTable<T>({
  rows,
  read,
  columns,
  label,
}: {
  rows: readonly unknown[];
  read: (value: unknown) => T[];
  columns: Column<T>[];
  label: string;
}) {
  const t = useConsoleT();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / PREVIEW_PAGE_ROWS));
  if (rows.length === 0) return <Text>{t('import.none')}</Text>;
  return (
    <Stack gap="sm">
      {/* No sideways scrolling, on a phone either: long values wrap in their cells. */}
      <Table striped aria-label={label} style={{ overflowWrap: 'anywhere' }}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th scope="col" key={column.title}>
                {column.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pageOf(rows, Math.min(page, pages), PREVIEW_PAGE_ROWS)
            .flatMap(read)
            .map((row, i) => (
              <Table.Tr key={i}>
                {columns.map((column) => (
                  <Table.Td key={column.title}>{column.cell(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
      {pages > 1 && (
        <Group gap="sm">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({
              'aria-label':
                control === 'previous'
                  ? t('import.previousPage')
                  : control === 'next'
                    ? t('import.nextPage')
                    : undefined,
            })}
            aria-label={t('import.pages', { name: label })}
          />
          <Text size="sm" c="dimmed">
            {t('import.page', { page: Math.min(page, pages), count: pages })}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

function useRefColumns(): Column<RowRef>[] {
  const t = useConsoleT();
  return [
    { title: t('import.row'), cell: (row) => row.rowNumber },
    { title: t('import.id'), cell: (row) => row.id },
  ];
}

export function AddedTable({ rows, label }: { rows: readonly unknown[]; label: string }) {
  const t = useConsoleT();
  const locale = useAtomValue(localeAtom);
  const columns: Column<AddedRow>[] = [
    ...(useRefColumns() as Column<AddedRow>[]),
    {
      title: t('import.district'),
      cell: (row) => translateDynamic(locale, `district.${row.district}`) ?? row.district,
    },
    { title: t('import.name'), cell: (row) => row.name[locale] || row.name.en },
  ];
  return <PagedTable rows={rows} read={readAdded} columns={columns} label={label} />;
}

export function ChangedTable({ rows, label }: { rows: readonly unknown[]; label: string }) {
  const t = useConsoleT();
  const columns: Column<ChangedRow>[] = [
    ...(useRefColumns() as Column<ChangedRow>[]),
    {
      title: t('import.changes'),
      cell: (row) =>
        row.changes.map((change) => (
          <Text size="sm" key={change.field} style={{ overflowWrap: 'anywhere' }}>
            {change.field}: {showFieldValue(change.before)} → {showFieldValue(change.after)}
          </Text>
        )),
    },
  ];
  return <PagedTable rows={rows} read={readChanged} columns={columns} label={label} />;
}

export function RefTable({ rows, label }: { rows: readonly unknown[]; label: string }) {
  return <PagedTable rows={rows} read={readRef} columns={useRefColumns()} label={label} />;
}

export function RejectedTable({ rows, label }: { rows: readonly unknown[]; label: string }) {
  const t = useConsoleT();
  const problemText = useProblemText();
  const locale = useAtomValue(localeAtom);
  // A district a problem names, in the person's language.
  const district = (value: string | number | undefined) =>
    typeof value === 'string' ? (translateDynamic(locale, `district.${value}`) ?? value) : value;
  const columns: Column<RejectedRow>[] = [
    { title: t('import.row'), cell: (row) => row.rowNumber },
    { title: t('import.id'), cell: (row) => row.id ?? '—' },
    {
      title: t('import.reason'),
      cell: (row) => (
        <Stack gap={2}>
          {row.problems.map((problem, i) => (
            <Text size="sm" key={i}>
              {problem.field || t('import.wholeRow')}:{' '}
              {problemText({
                ...problem,
                params: { ...problem.params, name: district(problem.params.district) ?? '' },
              })}
            </Text>
          ))}
          {row.lines.map((line) => (
            <Text size="xs" c="dimmed" key={line} style={{ overflowWrap: 'anywhere' }}>
              {t('import.commandLine', { detail: line })}
            </Text>
          ))}
        </Stack>
      ),
    },
  ];
  return <PagedTable rows={rows} read={readRejected} columns={columns} label={label} />;
}
