import { wireMessage, wireProblem, type Wire, type WireSchema } from '../../shared/contract/wire';
import { ApiError } from '../api/client';

/**
 * The answer `body` as its contract says (shared/contract/), of the contract's type; or the client's ApiError
 * `invalid-json`, its cause naming where the answer differs, which the console shows as any failed call.
 */
export function readAnswer<S extends WireSchema>(schema: S, body: unknown): NoInfer<Wire<S>> {
  const problem = wireProblem(schema, body);
  // never, not Wire<S>: comparing the two would make the type of every schema at once.
  if (problem === null) return body as never;
  throw new ApiError(200, undefined, 'invalid-json', { cause: new Error(wireMessage(problem)) });
}
