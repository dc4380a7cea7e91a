import { isRecord } from '../../shared/isRecord';

/**
 * A value the server (or the console's own check) refused, in the contract's form: the field, a code, and the
 * code's parameters (e.g. `{ max: 200 }`); the console words it in the person's language beside the field.
 */
export interface Problem {
  field: string;
  code: string;
  params: Record<string, string | number>;
}

/** The `problems` of an error answer; anything malformed is left out. */
export function parseProblems(body: unknown): Problem[] {
  const problems = isRecord(body) ? body.problems : undefined;
  if (!Array.isArray(problems)) return [];
  return problems.flatMap((problem: unknown) => {
    if (!isRecord(problem) || typeof problem.field !== 'string' || typeof problem.code !== 'string') return [];
    const params: Record<string, string | number> = {};
    if (isRecord(problem.params)) {
      for (const [name, value] of Object.entries(problem.params)) {
        if (typeof value === 'string' || typeof value === 'number') params[name] = value;
      }
    }
    return [{ field: problem.field, code: problem.code, params }];
  });
}

/** The problems by field: the first of each field is the one shown. */
export function problemsByField(problems: readonly Problem[]): Map<string, Problem> {
  const byField = new Map<string, Problem>();
  for (const problem of problems) if (!byField.has(problem.field)) byField.set(problem.field, problem);
  return byField;
}
