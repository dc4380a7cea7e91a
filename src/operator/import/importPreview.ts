import type { Problem } from '../problems';
import { parseProblems } from '../problems';
import { isRecord } from '../../../shared/isRecord';

/** What the server's preview says an import would do (`POST /api/operator/import/preview`). */

export interface RowRef {
  rowNumber: number;
  id: string;
}
export interface AddedRow extends RowRef {
  district: string;
  name: { en: string; zht: string; zhs: string };
}
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}
export interface ChangedRow extends RowRef {
  changes: FieldChange[];
}
export interface RejectedRow {
  rowNumber: number;
  id: string | null;
  problems: Problem[];
  /** The import command's own lines, in English. */
  lines: string[];
}

export const PREVIEW_KINDS = ['added', 'changed', 'deactivated', 'unchanged', 'rejected'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/**
 * The preview as the page keeps it: the counts, and each kind's rows as the server sent them. A row is read (and
 * checked) only when its page is shown, so a 100,000-row preview costs one JSON.parse, not 100,000 objects more.
 */
export interface ImportPreview {
  file: string;
  rows: number;
  counts: Record<PreviewKind, number>;
  added: readonly unknown[];
  changed: readonly unknown[];
  unchanged: readonly unknown[];
  deactivated: readonly unknown[];
  rejected: readonly unknown[];
  warnings: string[];
  key: string;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const whole = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) ? value : 0);

/** A row of any kind: its number and id; a malformed one is no row ([]). */
export const readRef = (value: unknown): RowRef[] =>
  isRecord(value) && typeof value.id === 'string' ? [{ rowNumber: whole(value.rowNumber), id: value.id }] : [];

export const readAdded = (value: unknown): AddedRow[] =>
  readRef(value).map((ref) => {
    const row = value as Record<string, unknown>;
    const name = isRecord(row.name) ? row.name : {};
    return {
      ...ref,
      district: text(row.district),
      name: { en: text(name.en), zht: text(name.zht), zhs: text(name.zhs) },
    };
  });

export const readChanged = (value: unknown): ChangedRow[] =>
  readRef(value).map((ref) => ({
    ...ref,
    changes: list((value as Record<string, unknown>).changes).flatMap((change) =>
      isRecord(change) && typeof change.field === 'string'
        ? [{ field: change.field, before: change.before ?? null, after: change.after ?? null }]
        : [],
    ),
  }));

export const readRejected = (value: unknown): RejectedRow[] =>
  isRecord(value)
    ? [
        {
          rowNumber: whole(value.rowNumber),
          id: typeof value.id === 'string' ? value.id : null,
          problems: parseProblems({ problems: list(value.problems).map(withField) }),
          lines: list(value.lines).filter((line): line is string => typeof line === 'string'),
        },
      ]
    : [];

/** The preview in the answer's body, or null for a body without one. */
export function parsePreview(body: unknown): ImportPreview | null {
  const preview = isRecord(body) ? body.preview : undefined;
  if (!isRecord(preview) || typeof preview.key !== 'string') return null;
  const [added, changed, deactivated, unchanged, rejected] = PREVIEW_KINDS.map((kind) => list(preview[kind]));
  return {
    file: text(preview.file),
    rows: whole(preview.rows),
    counts: {
      added: added!.length,
      changed: changed!.length,
      deactivated: deactivated!.length,
      unchanged: unchanged!.length,
      rejected: rejected!.length,
    },
    added: added!,
    changed: changed!,
    unchanged: unchanged!,
    deactivated: deactivated!,
    rejected: rejected!,
    warnings: list(preview.warnings).filter((line): line is string => typeof line === 'string'),
    key: preview.key,
  };
}

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
