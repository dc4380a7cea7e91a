import type { FeedHold, FeedMachine, HoldContext, HoldOutcome } from '../db/feedStore';

/** An answer that would leave fewer active machines than this share of the baseline is held. */
export const MASS_DEACTIVATION_SHARE = 0.5;

/** A feed's answer, checked: its valid machines and every id it sent. */
export interface FeedAnswer {
  machines: readonly FeedMachine[];
  presentIds: readonly string[];
}

const sameOrFewer = (going: ReadonlySet<string>, held: FeedHold): boolean => {
  const heldIds = new Set(held.machineIds);
  return [...going].every((id) => heldIds.has(id));
};

/**
 * The hold's rule (decision 0038). An answer that would leave fewer than half the baseline's machines active (gone
 * from it, or sent with `deactivated: true`) is far likelier a fault of the feed than the truth: its deactivations
 * are held back and the rest of it is written. The baseline is the most machines active at once since the last
 * confirmed mass deactivation, so a feed that loses just under half at each answer is held however many answers it
 * takes. The next answer confirms the hold only if it would deactivate the same machines or fewer; one that would
 * deactivate others is measured afresh. Machines that an admin's rejection keeps are never deactivated by an
 * answer; each is kept until the feed sends it again.
 */
export function decideHold(answer: FeedAnswer, context: HoldContext): HoldOutcome {
  const { activeIds, keptIds, held } = context;
  const sent = new Set(answer.presentIds);
  const switchedOff = new Set(answer.machines.filter(({ row }) => row.deactivated).map(({ row }) => row.id));
  const kept = new Set<string>();
  const going = new Set<string>();
  for (const id of activeIds) {
    if (sent.has(id) && !switchedOff.has(id)) continue;
    (keptIds.has(id) ? kept : going).add(id);
  }
  const released = [...keptIds].filter((id) => sent.has(id) && !switchedOff.has(id));
  const arriving = answer.machines.filter(({ row }) => !row.deactivated && !activeIds.has(row.id)).length;
  const remaining = activeIds.size - going.size + arriving;
  const baseline = {
    active: Math.max(context.baseline?.active ?? 0, activeIds.size),
    since: context.baseline?.since ?? context.at,
  };
  const mass = going.size > 0 && remaining < baseline.active * MASS_DEACTIVATION_SHARE;

  const write = (keep: ReadonlySet<string>): Pick<HoldOutcome, 'machines' | 'presentIds'> =>
    keep.size === 0
      ? answer
      : {
          machines: answer.machines.map((machine) =>
            keep.has(machine.row.id) ? { ...machine, row: { ...machine.row, deactivated: false } } : machine,
          ),
          presentIds: [...answer.presentIds, ...[...keep].filter((id) => !sent.has(id))],
        };

  if (!mass) return { ...write(kept), ends: held ? 'dropped' : null, opens: null, released };
  if (held && sameOrFewer(going, held)) return { ...write(kept), ends: 'confirmed', opens: null, released };
  return {
    ...write(new Set([...kept, ...going])),
    ends: held ? 'replaced' : null,
    opens: { machineIds: [...going].sort(), active: activeIds.size, remaining, baseline },
    released,
  };
}

/** A hold waiting for the next answer or an admin, as health and the feed's status show it. */
export interface HeldDeactivation {
  id: number;
  /** How many machines the held answer would deactivate. */
  machines: number;
  /** Machines active when it came, and how many it would have left. */
  active: number;
  remaining: number;
  /** What it was measured against: the most machines active at once since `baselineSince`. */
  baseline: number;
  baselineSince: string;
  /** When it was held, ISO 8601. */
  since: string;
}

export const heldDeactivation = (hold: FeedHold): HeldDeactivation => ({
  id: hold.id,
  machines: hold.machineIds.length,
  active: hold.active,
  remaining: hold.remaining,
  baseline: hold.baseline.active,
  baselineSince: hold.baseline.since,
  since: hold.heldAt,
});

/** The log line for what the rule made of an answer (null: nothing to say); `deactivated` by the sync. */
export function holdLogLine(outcome: HoldOutcome, deactivated: number): string | null {
  const { ends, opens } = outcome;
  if (opens) {
    const going = opens.machineIds.length;
    return ends === 'replaced'
      ? `feed: the next answer would deactivate other machines (${going}, leaving ${opens.remaining} of ${opens.baseline.active} active): held afresh`
      : `feed: the answer would leave ${opens.remaining} of the ${opens.baseline.active} machines active (the most since the last confirmed deactivation); ${going} deactivations held until the next answer confirms them or an admin decides`;
  }
  if (ends === 'confirmed')
    return `feed: the next answer confirms the held deactivation: ${deactivated} machines deactivated`;
  if (ends === 'dropped') return 'feed: the next answer sends most machines again; the held deactivation is dropped';
  return null;
}
