import type { Actor } from '../accounts/actor';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Engine } from '../db/engine';
import { announcedAsImport, NotThePollerError, type HoldDecision, type SnapshotChanges } from '../db/feedStore';
import type { MachineBus } from '../live/bus';
import type { ApiMachine } from '../machines/apiMachine';
import { backoffDelayMs } from './backoff';
import { AnswerCheck } from './checkAnswer';
import { decideHold, heldDeactivation, holdLogLine, type HeldDeactivation } from './deactivationHold';
import { FeedPhotos, type PhotoStatus } from './feedPhotos';
import { fetchFeedList } from './fetchFeed';
import { shownFeedUrl } from './shownFeedUrl';
import { PollerLease } from './pollerLease';

export interface FollowerOptions {
  /** The feed's API base, ending in "/". */
  baseUrl: string;
  intervalMs: number;
  timeoutMs: number;
  maxBytes: number;
  photoMaxBytes: number;
  /** How old the last sync may be before the data counts as stale. */
  staleAfterMs: number;
  log: (level: 'info' | 'warn', message: string) => void;
  random?: () => number;
  /** This instance's name in the poller lease, as the other instances' health shows it. */
  instance?: string;
}

/** What health and the page are told about the feed. */
export interface FeedStatus {
  /** The last poll that the feed answered well (a list, or "not modified"); null before the first. */
  syncedAt: string | null;
  /** Milliseconds since then (since the follower started, when there was none). */
  ageMs: number;
  stale: boolean;
  /** Polls failed in a row, and why the last one did. */
  failures: number;
  lastError: string | null;
  /** Polls failed since the follower started. */
  failedPolls: number;
  /** Whether this instance polls the feed, or follows it through the instance that does (whose report this is). */
  role: 'poller' | 'standby';
  /** The instance that polls; null before any has. */
  poller: string | null;
  /** A mass deactivation waiting for the next answer, or an admin, to confirm it (as the database has it). */
  heldDeactivation: HeldDeactivation | null;
  /** Machines that holds an admin rejected keep active while the feed leaves them out. */
  keptMachines: number;
  photos: PhotoStatus;
  /** When the poller polls next, ISO 8601; null while none is scheduled (stopping, or before the first). */
  nextPollAt: string | null;
}

/** What the poller tells the other instances through the lease. */
type FeedReport = Pick<FeedStatus, 'syncedAt' | 'failures' | 'lastError' | 'photos' | 'nextPollAt'>;

/** The hold as this instance last read it from the database. */
type HoldView = Pick<FeedStatus, 'heldDeactivation' | 'keptMachines'>;

/** A name an operator can find the instance by: its host and process, and a few random characters. */
const instanceName = (): string => `${os.hostname()} pid ${process.pid} ${randomBytes(3).toString('hex')}`;

/**
 * Follows the feed: polls its list (conditional on the last ETag), writes what changed, tells open pages, and
 * fetches the photos it names in the background. A failed poll changes nothing and the next waits longer
 * (backoffDelayMs). Of the instances sharing a database, only the one holding the poller lease polls.
 */
export class FeedFollower {
  private etag: string | null = null;
  private syncedAt: number | null = null;
  private readonly startedAt = Date.now();
  private failures = 0;
  private failedPolls = 0;
  private answered = false;
  private lastError: string | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  /** When this instance's poll timer fires, ms since the epoch (a standby's timer only asks for the lease). */
  private nextPollAt: number | null = null;
  private leaseTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** The lease was taken over during a poll: the next one comes at once. */
  private pollAtOnce = false;
  private readonly stopping = new AbortController();
  private readonly lease: PollerLease;
  private readonly answers: AnswerCheck;
  private hold: HoldView = { heldDeactivation: null, keptMachines: 0 };
  private readonly photos: FeedPhotos;

  constructor(
    private readonly engine: Engine,
    private readonly bus: MachineBus,
    private readonly options: FollowerOptions,
  ) {
    const warn = (message: string): void => options.log('warn', message);
    const name = options.instance ?? instanceName();
    this.lease = new PollerLease(engine.feed, name, options.intervalMs, options.log, () => this.acquired());
    this.answers = new AnswerCheck(warn);
    this.photos = new FeedPhotos(engine, {
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
      maxBytes: options.photoMaxBytes,
      intervalMs: options.intervalMs,
      random: options.random ?? Math.random,
      log: warn,
      publish: (machines) => this.publish({ machines, inserted: 0, updated: 0 }),
      poller: () => this.lease.name,
      lostLease: () => this.lease.lost(),
      stop: this.stopping.signal,
    });
  }

  /** Reads when the last sync was (so a restart does not count as fresh data), claims the lease, then polls. */
  async start(): Promise<void> {
    const stored = await this.engine.feed.lastSync();
    this.syncedAt = stored === null ? null : Date.parse(stored);
    await this.renewLease();
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.leaseTimer) clearTimeout(this.leaseTimer);
    await this.running;
    await this.photos.settled();
    await this.lease.release();
  }

  /** The feed's address as operators may see it (no credentials or query values), and how often it is polled. */
  get feed(): { url: string; intervalMs: number } {
    return { url: shownFeedUrl(this.options.baseUrl), intervalMs: this.options.intervalMs };
  }

  /** Whether this instance holds the poller lease: the one that polls, and the one that evaluates the alerts. */
  get leads(): boolean {
    return this.lease.held;
  }

  status(now = Date.now()): FeedStatus {
    const { name, report } = this.lease.poller;
    const shown = (!this.lease.held && parseReport(report)) || this.report();
    const syncedAt = shown.syncedAt === null ? null : Date.parse(shown.syncedAt);
    const ageMs = Math.max(0, now - (syncedAt ?? this.startedAt));
    return {
      ...shown,
      ...this.hold,
      ageMs,
      stale: ageMs > this.options.staleAfterMs,
      failedPolls: this.failedPolls,
      role: this.lease.held ? 'poller' : 'standby',
      poller: name,
    };
  }

  /**
   * An admin confirms a hold (decision 0038): its machines are deactivated, audited under `actor`, and open pages
   * told. On any instance: the hold is the database's.
   */
  async confirmHold(id: number, actor: Actor): Promise<HoldDecision> {
    const decision = await this.engine.feed.confirmHold(id, actor);
    if (decision.done) this.publish({ machines: decision.machines, inserted: 0, updated: decision.machines.length });
    await this.readHold();
    return decision;
  }

  /** An admin rejects a waiting hold: its machines stay active until the feed sends them again. */
  async rejectHold(id: number, actor: Actor): Promise<HoldDecision> {
    const decision = await this.engine.feed.rejectHold(id, actor);
    await this.readHold();
    return decision;
  }

  /** Resolves when no photo is being fetched: for tests that drive the follower step by step. */
  photosSettled(): Promise<void> {
    return this.photos.settled();
  }

  /** One poll, its photos then fetched in the background; exposed for tests that drive the follower step by step. */
  async poll(): Promise<void> {
    if (!(await this.lease.ensure(() => JSON.stringify(this.report())))) return this.readHold();
    // This is the poll a takeover asks for, when the lease was taken while this poll waited for it.
    this.pollAtOnce = false;
    const { baseUrl, timeoutMs, maxBytes } = this.options;
    const answer = await fetchFeedList(baseUrl, this.etag, { timeoutMs, maxBytes, stop: this.stopping.signal });
    if (this.stopping.signal.aborted) return;
    if (answer.kind === 'failed') return this.failed(answer.reason);
    if (answer.kind === 'list') {
      const written = await this.write(answer.rvms);
      if (written === 'failed' || written === 'lostLease') return;
      // After a held answer the next is asked for in full, whatever it is, so that it confirms or drops the hold.
      this.etag = written === 'applied' ? answer.etag : null;
    }
    this.succeeded();
    this.photos.fetchInBackground();
  }

  /** Checks the answer and writes what it changes (its mass deactivation held back, unless confirmed). */
  private async write(rvms: unknown[]): Promise<'applied' | 'held' | 'failed' | 'lostLease'> {
    const checked = this.answers.check(rvms, await this.engine.feed.storedPhotos());
    if (checked.machines.length === 0) {
      // As an empty list: far likelier a fault of the feed than every machine gone.
      this.failed(`no machine in the answer is valid (${checked.skipped} skipped)`);
      return 'failed';
    }
    let changes: SnapshotChanges;
    try {
      changes = await this.engine.feed.applySnapshot(checked.machines, checked.presentIds, {
        poller: this.lease.name,
        hold: (context) => decideHold(checked, context),
      });
    } catch (error) {
      if (error instanceof NotThePollerError) {
        this.lease.lost();
        return 'lostLease';
      }
      if (!this.engine.isBusyError(error)) throw error;
      this.failed('the database is busy (an import?)');
      return 'failed';
    }
    this.publish(changes);
    const line = changes.hold && holdLogLine(changes.hold, changes.deactivated);
    if (line) this.options.log('warn', line);
    this.photos.want(checked.wantedPhotos);
    await this.readHold();
    return changes.hold?.opens ? 'held' : 'applied';
  }

  /** Reads the hold from the database, where the poller and the admins' decisions on any instance write it. */
  private async readHold(): Promise<void> {
    try {
      const { held, kept } = await this.engine.feed.holdStatus();
      this.hold = { heldDeactivation: held && heldDeactivation(held), keptMachines: kept };
    } catch {
      // The database is away: the last view stands; the lease says so in the log.
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopping.signal.aborted) return;
    this.nextPollAt = Date.now() + delayMs;
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null;
      this.nextPollAt = null;
      this.running = this.poll()
        .catch((error: unknown) => this.failed(error instanceof Error ? error.message : String(error)))
        .finally(() => {
          this.running = null;
          this.schedule(this.nextPollInMs());
        });
    }, delayMs);
    this.pollTimer.unref();
  }

  private nextPollInMs(): number {
    const { intervalMs, random = Math.random } = this.options;
    if (!this.lease.held) return this.lease.claimEveryMs;
    if (this.pollAtOnce) {
      this.pollAtOnce = false;
      return 0;
    }
    return this.failures === 0 ? intervalMs : backoffDelayMs(this.failures, intervalMs, random());
  }

  /** Claims or renews the lease, and again a third of a lease later. */
  private async renewLease(): Promise<void> {
    await this.lease.claim(JSON.stringify(this.report()));
    await this.readHold();
    if (this.stopping.signal.aborted) return;
    this.leaseTimer = setTimeout(() => void this.renewLease(), this.lease.claimEveryMs);
    this.leaseTimer.unref();
  }

  /**
   * This instance took the lease: the ETag of an earlier turn is forgotten, since another instance may have written
   * newer answers meanwhile, and it polls at once. (The hold is the database's: nothing of it is kept here.)
   */
  private acquired(): void {
    this.etag = null;
    if (this.pollTimer !== null) {
      clearTimeout(this.pollTimer);
      this.schedule(0);
    } else if (this.running !== null) {
      this.pollAtOnce = true;
    }
  }

  /** This instance's own view of the feed, as it reports it to the others when it polls. */
  private report(): FeedReport {
    return {
      syncedAt: this.syncedAt === null ? null : new Date(this.syncedAt).toISOString(),
      failures: this.failures,
      lastError: this.lastError,
      photos: this.photos.status(),
      nextPollAt: this.nextPollAt === null ? null : new Date(this.nextPollAt).toISOString(),
    };
  }

  private publish(changes: { machines: ApiMachine[]; inserted: number; updated: number }): void {
    if (changes.machines.length === 0) return;
    if (announcedAsImport(changes)) {
      this.bus.publishImport({ at: new Date().toISOString(), inserted: changes.inserted, updated: changes.updated });
      return;
    }
    for (const machine of changes.machines) this.bus.publish(machine);
  }

  private succeeded(): void {
    if (this.failures > 0) {
      this.options.log(
        'warn',
        `feed: ${this.options.baseUrl} answers again after ${this.failures} failed poll(s) (last: ${this.lastError})`,
      );
    } else if (!this.answered) {
      this.options.log('info', `feed: following ${this.options.baseUrl}`);
    }
    this.answered = true;
    this.failures = 0;
    this.lastError = null;
    this.syncedAt = Date.now();
  }

  private failed(reason: string): void {
    if (this.stopping.signal.aborted) return;
    if (this.failures === 0) {
      this.options.log('warn', `feed: ${this.options.baseUrl} failed (${reason}); nothing changed, polling less often`);
    }
    this.failures += 1;
    this.failedPolls += 1;
    this.lastError = reason;
  }
}

/** The poller's report as another instance reads it; null when there is none or it is not one. */
function parseReport(text: string | null): FeedReport | null {
  if (text === null) return null;
  try {
    const report = JSON.parse(text) as Partial<FeedReport> | null;
    if (typeof report !== 'object' || report === null || typeof report.failures !== 'number') return null;
    return {
      syncedAt: typeof report.syncedAt === 'string' ? report.syncedAt : null,
      failures: report.failures,
      lastError: typeof report.lastError === 'string' ? report.lastError : null,
      photos: report.photos ?? { waiting: 0, fetching: 0, stalled: 0, failed: 0, lastError: null },
      nextPollAt: typeof report.nextPollAt === 'string' ? report.nextPollAt : null,
    };
  } catch {
    return null;
  }
}
