import type { FeedStore, PollerClaim } from '../db/feedStore';

/** A lease is renewed (and a standby asks for it) this many times per lease. */
const CLAIMS_PER_LEASE = 3;

/**
 * Which instance polls the feed: the one holding the lease in the database (decision 0032). The poller renews it
 * three times per lease, with its report for the others; a standby asks as often, and takes it once it has run out:
 * within a lease and a third of one after the poller stopped renewing. With SQLite the one process always holds it.
 */
export class PollerLease {
  private holding = false;
  private holder: string | null = null;
  private report: string | null = null;
  private claimedAt = Number.NEGATIVE_INFINITY;
  /** The lease's term when this instance last held it. */
  private term = 0;
  private failing = false;
  /** A claim has been answered: the lease's changes of hands are logged from then on. */
  private known = false;

  constructor(
    private readonly store: FeedStore,
    /** This instance's name, as the others' health shows it. */
    readonly name: string,
    private readonly leaseMs: number,
    private readonly log: (level: 'info' | 'warn', message: string) => void,
    /** Called when this instance takes the lease (first, or back from another). */
    private readonly acquired: () => void,
  ) {}

  /** How often the lease is claimed. */
  get claimEveryMs(): number {
    return this.leaseMs / CLAIMS_PER_LEASE;
  }

  get held(): boolean {
    return this.holding;
  }

  /** The instance that polls, as last seen, and what it last reported (when it is another). */
  get poller(): { name: string | null; report: string | null } {
    return { name: this.holder, report: this.holding ? null : this.report };
  }

  /** Claims or renews the lease with this instance's report; whether it holds it now. */
  async claim(report: string | null): Promise<boolean> {
    let claim: PollerClaim;
    try {
      claim = await this.store.claimPoller(this.name, this.leaseMs, report);
    } catch (error) {
      // No database, no writes: stand by until it answers again, when the lease says who polls.
      this.holding = false;
      if (!this.failing) {
        const reason = error instanceof Error ? error.message : String(error);
        this.log('warn', `feed: the poller lease cannot be read (${reason}); not polling meanwhile`);
      }
      this.failing = true;
      return false;
    }
    if (this.failing) this.log('warn', 'feed: the poller lease can be read again');
    this.failing = false;
    // Read after the claim: another claim (the poll loop's, the lease timer's) may have been answered meanwhile.
    const before = this.known ? this.holding : null;
    const previous = this.holder;
    // A new term on a lease this instance believed it held: another held it in between.
    const acquired = claim.held && (before !== true || claim.term !== this.term);
    this.holding = claim.held;
    this.holder = claim.holder;
    this.report = claim.report;
    this.claimedAt = Date.now();
    this.known = true;
    if (claim.held) this.term = claim.term;

    if (before === null && !claim.held) {
      this.log('info', `feed: ${claim.holder ?? 'another instance'} polls the feed; this instance stands by`);
    } else if (before !== null && acquired) {
      const from = previous === null || previous === this.name ? '' : ` from ${previous}`;
      this.log('warn', `feed: this instance (${this.name}) takes over polling${from}`);
    } else if (before === true && !claim.held) {
      this.log('warn', `feed: ${claim.holder ?? 'another instance'} polls the feed now; this instance stands by`);
    }
    if (acquired) this.acquired();
    return claim.held;
  }

  /** Holds the lease, claiming it first when it was not claimed for a while (a poll driven by hand). */
  async ensure(report: () => string | null): Promise<boolean> {
    if (Date.now() - this.claimedAt < this.claimEveryMs) return this.holding;
    return this.claim(report());
  }

  /** A write was refused: another instance holds the lease now. */
  lost(): void {
    if (!this.holding) return;
    this.holding = false;
    this.claimedAt = Number.NEGATIVE_INFINITY;
    this.log('warn', 'feed: another instance polls the feed now; this instance stands by');
  }

  /** Lets the lease go, so a standby takes over at its next claim rather than when the lease runs out. */
  async release(): Promise<void> {
    if (!this.holding) return;
    this.holding = false;
    await this.store.releasePoller(this.name).catch(() => undefined);
  }
}
