import type { Problem } from '../problems';
import { TEXT_FIELDS, type MachineEdit } from './machineEdit';

/** The import's rule for every text of a machine (server/machines/validate.ts TEXT_MAX_CHARS). */
export const TEXT_MAX_CHARS = 200;

/**
 * The form's check of what it will send, as the server checks it, in the contract's problem form. Until the one
 * machine contract in shared/ (issue 48) lands, this repeats today's import rules for the fields the form edits;
 * the server's own 400 problems are shown the same way whatever it finds.
 */
export function checkMachineEdit(values: MachineEdit): Problem[] {
  const problems: Problem[] = [];
  for (const field of TEXT_FIELDS) {
    const text = values[field].trim();
    if (text === '') problems.push({ field, code: 'required', params: {} });
    else if (text.length > TEXT_MAX_CHARS) problems.push({ field, code: 'tooLong', params: { max: TEXT_MAX_CHARS } });
  }
  if (values.opening_hours.trim().length > TEXT_MAX_CHARS)
    problems.push({ field: 'opening_hours', code: 'tooLong', params: { max: TEXT_MAX_CHARS } });
  return problems;
}
