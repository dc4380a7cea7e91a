import {
  IMPORT_ADDED_ROW_SCHEMA,
  IMPORT_CHANGED_ROW_SCHEMA,
  IMPORT_PREVIEW_OUTLINE_SCHEMA,
  IMPORT_REJECTED_ROW_SCHEMA,
  IMPORT_ROW_SCHEMA,
  type AddedRow,
  type ChangedRow,
  type FieldChange,
  type ImportPreviewOutline,
  type ImportRow,
  type RejectedRow as WireRejectedRow,
} from '../../../shared/contract/importPreview';
import { wireProblem } from '../../../shared/contract/wire';
import { isRecord } from '../../../shared/isRecord';
import { parseProblems, type Problem } from '../problems';
import { readAnswer } from '../readAnswer';

/** What the server's preview says an import would do (`POST /api/operator/import/preview`), as its contract says. */

export type { AddedRow, ChangedRow, FieldChange };
export type RowRef = ImportRow;
/** A refused row as the console shows it: its problems in the console's form (a whole-row problem's field ''). */
export type RejectedRow = Omit<WireRejectedRow, 'problems'> & { problems: Problem[] };

export const PREVIEW_KINDS = ['added', 'changed', 'deactivated', 'unchanged', 'rejected'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/**
 * The preview as the page keeps it: the counts, and each kind's rows as the server sent them. A row is checked
 * against its kind's schema only when its page is shown, so a 100,000-row preview costs one JSON.parse, not 100,000
 * checks.
 */
export type ImportPreview = ImportPreviewOutline;

/**
 * A row of any kind when its page shows it, checked against its kind's schema (and so of its closed type): its number
 * and id; one that is not (malformed) is no row ([]).
 */
export const readRef = (value: unknown): RowRef[] =>
  wireProblem(IMPORT_ROW_SCHEMA, value) === null ? [value as RowRef] : [];

export const readAdded = (value: unknown): AddedRow[] =>
  wireProblem(IMPORT_ADDED_ROW_SCHEMA, value) === null ? [value as AddedRow] : [];

export const readChanged = (value: unknown): ChangedRow[] =>
  wireProblem(IMPORT_CHANGED_ROW_SCHEMA, value) === null ? [value as ChangedRow] : [];

export const readRejected = (value: unknown): RejectedRow[] => {
  if (wireProblem(IMPORT_REJECTED_ROW_SCHEMA, value) !== null) return [];
  const row = value as WireRejectedRow;
  return [{ ...row, problems: parseProblems({ problems: row.problems.map(withField) }) }];
};

/** The preview of the answer's body, or the client's ApiError `invalid-json` naming what differs. */
export const parsePreview = (body: unknown): ImportPreview => readAnswer(IMPORT_PREVIEW_OUTLINE_SCHEMA, body).preview;

/** A problem about the whole row has no field (null): it is shown without one. */
const withField = (problem: unknown): unknown =>
  isRecord(problem) && problem.field === null ? { ...problem, field: '' } : problem;

/** How many rows applying writes: the machines added and the machines changed. */
export const rowsToWrite = (preview: ImportPreview): number => preview.counts.added + preview.counts.changed;

/** A value of a changed field as the table shows it: text as it is, nothing as ∅, the rest as JSON. */
export function showFieldValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '∅';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The rows of one page of a long list: `page` counts from 1. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): T[] {
  return rows.slice((page - 1) * size, page * size);
}
