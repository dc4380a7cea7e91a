import type { Engine } from '../db/engine';
import { NotThePollerError } from '../db/feedStore';
import { ApiError } from '../errors';
import type { ApiMachine } from '../machines/apiMachine';
import { backoffDelayMs } from './backoff';
import { fetchFeedPhoto } from './fetchFeed';

/** Photos fetched at once: a few, so that a feed answering slowly cannot hold many connections. */
export const PHOTO_CONCURRENCY = 2;
/** A round of fetches may take this many photo time limits in all; the photos it did not reach wait for the next. */
export const PHOTO_ROUND_BUDGET_TIMEOUTS = 4;
/** A photo still arriving after this share of its time limit is stalled (health shows it). */
const STALLED_AFTER_TIMEOUT_SHARE = 1 / 3;

/** Where the feed's photos stand, as health shows them. */
export interface PhotoStatus {
  /** Named by the feed's last list and not stored yet. */
  waiting: number;
  /** Being fetched now. */
  fetching: number;
  /** Of those, arriving for longer than a third of their time limit. */
  stalled: number;
  /** Waiting photos whose last attempt failed; each is tried again later, waiting longer each time. */
  failed: number;
  /** The last failure, `photo <id>: <reason>`, while any photo is failing. */
  lastError: string | null;
}

export interface FeedPhotosOptions {
  baseUrl: string;
  timeoutMs: number;
  maxBytes: number;
  intervalMs: number;
  random: () => number;
  log: (message: string) => void;
  /** Tells open pages of the machines a photo changed. */
  publish: (machines: ApiMachine[]) => void;
  /** The poller's name for the writes, and what to do when another instance holds the lease now. */
  poller: () => string;
  lostLease: () => void;
  stop: AbortSignal;
}

interface Failure {
  attempts: number;
  retryAt: number;
  reason: string;
}

/**
 * Fetches the photos the feed names, in the background: never on the path of a poll, so statuses apply whatever
 * the photos do. A round (started after a poll, unless one runs) fetches PHOTO_CONCURRENCY at a time, each within the
 * feed's time limit, the round within PHOTO_ROUND_BUDGET_TIMEOUTS of them. A photo that fails is tried again in a
 * later round, waiting longer each time (backoffDelayMs); it is logged when its reason changes.
 */
export class FeedPhotos {
  /** The last list's wanted photos: feed photo id → the machines that name it. */
  private wanted = new Map<string, string[]>();
  private readonly failures = new Map<string, Failure>();
  /** Photos stored since the list that named them was checked: not wanted again. */
  private readonly recorded = new Set<string>();
  /** Photos being fetched: feed photo id → when it started. */
  private readonly inFlight = new Map<string, number>();
  private lastError: string | null = null;
  private round: Promise<void> | null = null;

  constructor(
    private readonly engine: Engine,
    private readonly options: FeedPhotosOptions,
  ) {}

  /** The photos the feed's latest list names and that are not stored yet. */
  want(wanted: Map<string, string[]>): void {
    for (const id of this.recorded) wanted.delete(id);
    this.wanted = wanted;
    for (const id of this.failures.keys()) if (!wanted.has(id)) this.failures.delete(id);
  }

  /** Starts a round unless one runs. */
  fetchInBackground(): void {
    if (this.round || this.options.stop.aborted) return;
    this.round = this.fetchRound().finally(() => (this.round = null));
  }

  /** Resolves when no round runs. */
  async settled(): Promise<void> {
    await this.round;
  }

  status(now = Date.now()): PhotoStatus {
    const stalledAfter = this.options.timeoutMs * STALLED_AFTER_TIMEOUT_SHARE;
    const failed = [...this.failures.keys()].filter((id) => this.wanted.has(id)).length;
    return {
      waiting: this.wanted.size,
      fetching: this.inFlight.size,
      stalled: [...this.inFlight.values()].filter((since) => now - since > stalledAfter).length,
      failed,
      lastError: failed > 0 ? this.lastError : null,
    };
  }

  private async fetchRound(): Promise<void> {
    const { timeoutMs, stop } = this.options;
    const budgetMs = timeoutMs * PHOTO_ROUND_BUDGET_TIMEOUTS;
    const budget = AbortSignal.any([stop, AbortSignal.timeout(budgetMs)]);
    const now = Date.now();
    const queue = [...this.wanted.keys()].filter((id) => (this.failures.get(id)?.retryAt ?? 0) <= now);
    const worker = async (): Promise<void> => {
      for (let id = queue.shift(); id !== undefined && !budget.aborted; id = queue.shift()) {
        const done = await this.fetchOne(id, budget, budgetMs);
        if (done === 'lostLease') return void (queue.length = 0);
      }
    };
    await Promise.all(Array.from({ length: PHOTO_CONCURRENCY }, worker));
  }

  private async fetchOne(feedId: string, budget: AbortSignal, budgetMs: number): Promise<'done' | 'lostLease'> {
    const { baseUrl, timeoutMs, stop } = this.options;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([timeout, budget]);
    this.inFlight.set(feedId, Date.now());
    let reason: string;
    try {
      const answer = await fetchFeedPhoto(baseUrl, feedId, signal);
      reason = answer.ok ? await this.store(feedId, answer.body) : answer.reason;
    } catch (error) {
      if (error instanceof NotThePollerError) {
        this.options.lostLease();
        return 'lostLease';
      }
      reason = this.reasonOf(error);
    } finally {
      this.inFlight.delete(feedId);
    }
    if (reason === '') {
      this.recorded.add(feedId);
      this.wanted.delete(feedId);
      this.failures.delete(feedId);
      return 'done';
    }
    if (stop.aborted) return 'done';
    if (timeout.aborted) reason = `no answer within ${timeoutMs} ms`;
    else if (budget.aborted) reason = `the round of photos ran out of its ${budgetMs} ms`;
    this.failed(feedId, reason);
    return 'done';
  }

  /** Stores the bytes and gives the photo to the machines that name it now; '' when done, else why not. */
  private async store(feedId: string, body: AsyncIterable<Uint8Array>): Promise<string> {
    const blob = await this.engine.files.writeBlob(body, this.options.maxBytes);
    if (this.options.stop.aborted) return 'stopped';
    // The machines that name it in the latest list, which may have come while the photo arrived.
    const machineIds = this.wanted.get(feedId) ?? [];
    this.options.publish(
      await this.engine.feed.recordPhoto(feedId, blob, machineIds, { poller: this.options.poller() }),
    );
    return '';
  }

  private reasonOf(error: unknown): string {
    const { maxBytes } = this.options;
    if (error instanceof ApiError) {
      return error.msg === 'fileTooLarge' ? `larger than ${maxBytes} bytes` : 'not a PNG, JPEG, WebP or GIF image';
    }
    if (this.engine.isBusyError(error)) return 'the database is busy';
    return error instanceof Error ? error.message : String(error);
  }

  private failed(feedId: string, reason: string): void {
    const before = this.failures.get(feedId);
    const attempts = (before?.attempts ?? 0) + 1;
    if (before?.reason !== reason) this.options.log(`feed: photo ${feedId} not fetched: ${reason}`);
    const delay = backoffDelayMs(attempts, this.options.intervalMs, this.options.random());
    this.failures.set(feedId, { attempts, reason, retryAt: Date.now() + delay });
    this.lastError = `photo ${feedId}: ${reason}`;
  }
}
