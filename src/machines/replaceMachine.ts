import { noteReplacedRows } from './listEdits';
import type { Machine } from '../../shared/machine';
import { machineRows } from './machineRows';

/**
 * The list with the machine of the same id replaced, or the same list when the id is not in it (a
 * machine added since the page loaded arrives with the next full load). The replaced row is noted,
 * so packing the new list patches that row instead of comparing every machine.
 */
export function replaceMachine(machines: readonly Machine[], next: Machine): readonly Machine[] {
  const index = machineRows(machines).get(next.id);
  if (index === undefined) return machines;
  const copy = machines.slice();
  copy[index] = next;
  noteReplacedRows(copy, machines, [index]);
  return copy;
}
