import type { GlCall } from './glCalls';
import type { GlOwner, OwnedGlCall } from './startupPhases';

/**
 * Each call's owner: from its own stack where it has one; otherwise (uniforms, state, the queries of a device's
 * set-up) the owner of the last call with a stack on the same context, or of the context's creation. MapLibre and
 * deck.gl each issue their calls in runs (one's frame, then the other's), so the last known owner is the caller's.
 */
export function ownCalls(calls: readonly GlCall[], ownerOfStack: (stack: number) => GlOwner): OwnedGlCall[] {
  const last = new Map<number, GlOwner>();
  return calls.map((call) => {
    let owner: GlOwner;
    if (call.stack !== undefined) {
      owner = ownerOfStack(call.stack);
      last.set(call.context, owner);
    } else owner = last.get(call.context) ?? 'page';
    return { ...call, owner };
  });
}
