import type { Machine } from '../../shared/machine';

interface ListEdit {
  /** The list this one was made from; weak, so a long run of live changes does not keep every old list. */
  readonly from: WeakRef<readonly Machine[]>;
  readonly rows: readonly number[];
}

// Kept beside the lists rather than in them: the list stays a plain array of machines.
const edits = new WeakMap<readonly Machine[], ListEdit>();

/** Records that `list` is `from` with the machines at `rows` replaced, and every other row the same object. */
export function noteReplacedRows(list: readonly Machine[], from: readonly Machine[], rows: readonly number[]): void {
  edits.set(list, { from: new WeakRef(from), rows });
}

/** The rows replaced to make `list` from `from`, when it was made that way; else undefined. */
export function replacedRows(list: readonly Machine[], from: readonly Machine[]): readonly number[] | undefined {
  const edit = editOf(list);
  return edit?.from === from ? edit.rows : undefined;
}

/** The list `list` was made from by replacing rows, and those rows, while that list is still alive. */
export function editOf(list: readonly Machine[]): { from: readonly Machine[]; rows: readonly number[] } | undefined {
  const edit = edits.get(list);
  const from = edit?.from.deref();
  return edit && from ? { from, rows: edit.rows } : undefined;
}
