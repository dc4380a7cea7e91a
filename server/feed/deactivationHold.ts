import type { FeedMachine } from '../db/feedStore';

/** A sync that would deactivate more than this share of the active machines waits for the next poll to confirm it. */
export const MASS_DEACTIVATION_SHARE = 0.5;

/** A mass deactivation waiting for the next answer, as health shows it. */
export interface HeldDeactivation {
  /** How many machines the held answer would have deactivated. */
  machines: number;
  /** Of how many active ones. */
  active: number;
  /** When it was first held, ISO 8601. */
  since: string;
}

/** What a sync writes once the hold has looked at it. */
export interface HoldDecision {
  machines: readonly FeedMachine[];
  presentIds: readonly string[];
  /** The answer's deactivations were held back: the rest of it is written. */
  held: boolean;
}

/**
 * Holds back a sync that would deactivate more than half the active machines (gone from the answer, or sent with
 * `deactivated: true`), far likelier a fault of the feed than the truth, until the next answer says the same. The
 * rest of the held answer is written meanwhile: statuses do not wait. One log line when it holds, one when the next
 * answer confirms or drops it.
 */
export class DeactivationHold {
  private held: HeldDeactivation | null = null;

  constructor(private readonly log: (message: string) => void) {}

  status(): HeldDeactivation | null {
    return this.held;
  }

  /** Forgets a held deactivation (this instance stopped polling meanwhile). */
  clear(): void {
    this.held = null;
  }

  decide(
    activeIds: readonly string[],
    machines: readonly FeedMachine[],
    presentIds: readonly string[],
    now = new Date(),
  ): HoldDecision {
    const active = new Set(activeIds);
    const sent = new Set(presentIds);
    const gone = activeIds.filter((id) => !sent.has(id));
    const switchedOff = machines.filter(({ row }) => row.deactivated && active.has(row.id)).map(({ row }) => row.id);
    const deactivating = gone.length + switchedOff.length;
    const before = this.held;

    if (deactivating <= active.size * MASS_DEACTIVATION_SHARE) {
      this.held = null;
      if (before) this.log('feed: the next answer sends most machines again; the held deactivation is dropped');
      return { machines, presentIds, held: false };
    }
    if (before) {
      this.held = null;
      this.log(`feed: the next answer confirms it: ${deactivating} machines deactivated`);
      return { machines, presentIds, held: false };
    }
    this.held = { machines: deactivating, active: active.size, since: now.toISOString() };
    this.log(
      `feed: the answer would deactivate ${deactivating} of ${active.size} active machines; held until the next poll confirms it`,
    );
    const keep = new Set(switchedOff);
    return {
      machines: machines.map((machine) =>
        keep.has(machine.row.id) ? { ...machine, row: { ...machine.row, deactivated: false } } : machine,
      ),
      presentIds: [...presentIds, ...gone],
      held: true,
    };
  }
}
