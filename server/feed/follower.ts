import type { Engine } from '../db/engine';
import { announcedAsImport } from '../db/feedStore';
import type { MachineBus } from '../live/bus';
import type { ApiMachine } from '../machines/apiMachine';
import { backoffDelayMs } from './backoff';
import { AnswerCheck } from './checkAnswer';
import { DeactivationHold, type HeldDeactivation } from './deactivationHold';
import { FeedPhotos, type PhotoStatus } from './feedPhotos';
import { fetchFeedList } from './fetchFeed';

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
  /** A mass deactivation waiting for the next answer to confirm it. */
  heldDeactivation: HeldDeactivation | null;
  photos: PhotoStatus;
}

/**
 * Follows the feed: polls its list (conditional on the last ETag), writes what changed, tells open pages, and
 * fetches the photos it names in the background. A failed poll changes nothing and the next waits longer
 * (backoffDelayMs).
 */
export class FeedFollower {
  private etag: string | null = null;
  private syncedAt: number | null = null;
  private readonly startedAt = Date.now();
  private failures = 0;
  private answered = false;
  private lastError: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly stopping = new AbortController();
  private readonly answers: AnswerCheck;
  private readonly hold: DeactivationHold;
  private readonly photos: FeedPhotos;

  constructor(
    private readonly engine: Engine,
    private readonly bus: MachineBus,
    private readonly options: FollowerOptions,
  ) {
    const warn = (message: string): void => options.log('warn', message);
    this.answers = new AnswerCheck(warn);
    this.hold = new DeactivationHold(warn);
    this.photos = new FeedPhotos(engine, {
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
      maxBytes: options.photoMaxBytes,
      intervalMs: options.intervalMs,
      random: options.random ?? Math.random,
      log: warn,
      publish: (machines) => this.publish({ machines, inserted: 0, updated: 0 }),
      stop: this.stopping.signal,
    });
  }

  /** Reads when the last sync was (so a restart does not count as fresh data), then polls at once. */
  async start(): Promise<void> {
    const stored = await this.engine.feed.lastSync();
    this.syncedAt = stored === null ? null : Date.parse(stored);
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.photos.settled();
  }

  status(now = Date.now()): FeedStatus {
    const ageMs = Math.max(0, now - (this.syncedAt ?? this.startedAt));
    return {
      syncedAt: this.syncedAt === null ? null : new Date(this.syncedAt).toISOString(),
      ageMs,
      stale: ageMs > this.options.staleAfterMs,
      failures: this.failures,
      lastError: this.lastError,
      heldDeactivation: this.hold.status(),
      photos: this.photos.status(),
    };
  }

  /** Resolves when no photo is being fetched: for tests that drive the follower step by step. */
  photosSettled(): Promise<void> {
    return this.photos.settled();
  }

  /** One poll, its photos then fetched in the background; exposed for tests that drive the follower step by step. */
  async poll(): Promise<void> {
    const { baseUrl, timeoutMs, maxBytes } = this.options;
    const answer = await fetchFeedList(baseUrl, this.etag, { timeoutMs, maxBytes, stop: this.stopping.signal });
    if (this.stopping.signal.aborted) return;
    if (answer.kind === 'failed') return this.failed(answer.reason);
    if (answer.kind === 'list') {
      const written = await this.write(answer.rvms);
      if (written === 'failed') return;
      // After a held answer the next is asked for in full, whatever it is, so that it confirms or drops the hold.
      this.etag = written === 'applied' ? answer.etag : null;
    }
    this.succeeded();
    this.photos.fetchInBackground();
  }

  /** Checks the answer and writes what it changes (its mass deactivation held back, the first time). */
  private async write(rvms: unknown[]): Promise<'applied' | 'held' | 'failed'> {
    const checked = this.answers.check(rvms, await this.engine.feed.storedPhotos());
    if (checked.machines.length === 0) {
      // As an empty list: far likelier a fault of the feed than every machine gone.
      this.failed(`no machine in the answer is valid (${checked.skipped} skipped)`);
      return 'failed';
    }
    const decision = this.hold.decide(await this.engine.feed.activeIds(), checked.machines, checked.presentIds);
    try {
      this.publish(await this.engine.feed.applySnapshot(decision.machines, decision.presentIds));
    } catch (error) {
      if (!this.engine.isBusyError(error)) throw error;
      this.failed('the database is busy (an import?)');
      return 'failed';
    }
    this.photos.want(checked.wantedPhotos);
    return decision.held ? 'held' : 'applied';
  }

  private schedule(delayMs: number): void {
    if (this.stopping.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.running = this.poll()
        .catch((error: unknown) => this.failed(error instanceof Error ? error.message : String(error)))
        .finally(() => {
          this.running = null;
          const { intervalMs, random = Math.random } = this.options;
          this.schedule(this.failures === 0 ? intervalMs : backoffDelayMs(this.failures, intervalMs, random()));
        });
    }, delayMs);
    this.timer.unref();
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
    this.lastError = reason;
  }
}
