import type { Engine } from '../../server/db/engine';

/**
 * Opens a feed hold that names one machine no one has (`RVM-NONE`) and changes nothing else: a hold an admin can
 * confirm or reject with no machine changed, for the tests of who may decide. A hold already waiting is replaced.
 * Answers the new hold's id.
 */
export async function openProbeHold(engine: Engine): Promise<number> {
  const ids = (await engine.listMachines()).map((machine) => machine.id);
  await engine.feed.applySnapshot([], ids, {
    hold: (context) => ({
      machines: [],
      presentIds: ids,
      ends: context.held ? 'replaced' : null,
      opens: {
        machineIds: ['RVM-NONE'],
        active: ids.length,
        remaining: ids.length,
        baseline: { active: ids.length, since: context.at },
      },
      released: [],
    }),
  });
  const { held } = await engine.feed.holdStatus();
  if (!held) throw new Error('openProbeHold: no hold was opened');
  return held.id;
}
