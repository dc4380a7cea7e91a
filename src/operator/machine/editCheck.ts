import type { Machine } from '../../../shared/machine';
import { checkMachineEdit as checkEdit } from '../../../shared/contract/machineEdit';
import type { Problem } from '../problems';
import { formFieldOf, patchOf, type MachineEdit } from './machineEdit';

/**
 * The form's check of what it will send: the machine contract's own check of an edit (shared/contract/), the one
 * the server runs, so a value the server would refuse is named beside its field before it is sent. A problem about
 * the whole edit (no field) is named under the form.
 */
export function checkMachineEdit(values: MachineEdit, machine: Machine): Problem[] {
  const patch = patchOf(values, machine);
  if (Object.keys(patch).length === 0) return [];
  const checked = checkEdit(patch);
  if (checked.ok) return [];
  return checked.problems.map((problem) => {
    const params: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(problem.params)) {
      if (typeof value === 'string' || typeof value === 'number') params[name] = value;
    }
    return { field: problem.field === null ? '' : formFieldOf(problem.field), code: problem.code, params };
  });
}
