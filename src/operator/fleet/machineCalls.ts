import { ApiError, type Call } from '../../api/client';
import type { Machine } from '../../../shared/machine';
import { parseMachine } from '../../machines/parseMachines';
import { parseProblems, type Problem } from '../problems';

export type SaveResult =
  { kind: 'saved'; machine: Machine } | { kind: 'refused'; problems: Problem[] } | { kind: 'failed'; error: unknown };

/**
 * `PATCH /api/operator/machines/:id` with what changed: the machine as it is now, the server's problems field by
 * field (400 invalidMachine: nothing was changed), or the failure for the message bar's words.
 */
export async function saveMachine(call: Call, id: string, patch: Record<string, unknown>): Promise<SaveResult> {
  try {
    const answer = await call<{ rvm?: unknown }>(`operator/machines/${encodeURIComponent(id)}`, patch, {
      method: 'PATCH',
      not_blocking: true,
      throw_error: true,
    });
    const machine = parseMachine(answer?.rvm);
    if (typeof machine === 'string') return { kind: 'failed', error: new Error(`the answer's machine: ${machine}`) };
    return { kind: 'saved', machine };
  } catch (error) {
    const problems = error instanceof ApiError && error.status === 400 ? parseProblems(error.body) : [];
    return problems.length > 0 ? { kind: 'refused', problems } : { kind: 'failed', error };
  }
}
