import { EXTRA_MAX_DEPTH } from './extraFields';
import { problem, type MachineProblem } from './problems';

/**
 * How deep a row may nest arrays and objects before it is refused whole, unread: twice what its kept fields may, so
 * that a value a little too deep still gets the problem naming its field.
 */
export const ROW_MAX_DEPTH = 2 * EXTRA_MAX_DEPTH;

/**
 * More values (array items and object fields, at any depth) than a valid machine holds: its kept fields at their
 * 8 KB limit hold at most about 4 000, its known fields about 30.
 */
export const ROW_MAX_VALUES = 10_000;

/**
 * Why a row cannot be a machine, judged before any of its fields is read: it nests arrays or objects deeper than its
 * fields may ever be, or holds more values than any machine. It walks with a stack of its own and stops at the first
 * excess, so the checks and error messages that follow never meet a value deep enough to exhaust the call stack.
 */
export function rowShapeProblem(row: unknown): MachineProblem | null {
  const pending: { node: unknown; depth: number }[] = [{ node: row, depth: 0 }];
  let values = 0;
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= ROW_MAX_DEPTH) return problem(null, 'tooDeep', { max: ROW_MAX_DEPTH });
    const children: unknown[] = Array.isArray(node) ? node : Object.values(node);
    values += children.length;
    if (values > ROW_MAX_VALUES) return problem(null, 'tooManyValues', { max: ROW_MAX_VALUES });
    for (const child of children) pending.push({ node: child, depth: depth + 1 });
  }
  return null;
}
