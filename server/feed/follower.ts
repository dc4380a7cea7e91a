import type { Engine } from '../db/engine';
import { announcedAsImport, type FeedMachine } from '../db/feedStore';
import { ApiError } from '../errors';
import type { MachineBus } from '../live/bus';
import type { ApiMachine } from '../machines/apiMachine';
import { showText } from '../machines/showValue';
import { validateMachineRow } from '../machines/validate';
import { backoffDelayMs } from './backoff';
import { fetchFeedList, fetchFeedPhoto } from './fetchFeed';

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
  /** Polls failed since the follower started. */
  failedPolls: number;
}

/** A feed's photo id: a single path segment. */
const FEED_PHOTO_ID = /^[A-Za-z0-9._-]{1,128}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Follows the feed: polls its list (conditional on the last ETag), writes what changed, tells open pages, and
 * fetches the photos it names. A failed poll changes nothing and the next waits longer (backoffDelayMs).
 */
export class FeedFollower {
  private etag: string | null = null;
  private syncedAt: number | null = null;
  private readonly startedAt = Date.now();
  private failures = 0;
  private failedPolls = 0;
  private answered = false;
  private lastError: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly stopping = new AbortController();
  /** The photos the feed's last list named and that are not stored yet: feed id → machine ids. */
  private wantedPhotos = new Map<string, string[]>();
  private readonly photoRetryAt = new Map<string, { attempts: number; at: number; reason: string }>();
  /** The last reason logged per skipped machine, so a feed that repeats a fault is not logged every poll. */
  private readonly skipLogged = new Map<string, string>();

  constructor(
    private readonly engine: Engine,
    private readonly bus: MachineBus,
    private readonly options: FollowerOptions,
  ) {}

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
  }

  status(now = Date.now()): FeedStatus {
    const ageMs = Math.max(0, now - (this.syncedAt ?? this.startedAt));
    return {
      syncedAt: this.syncedAt === null ? null : new Date(this.syncedAt).toISOString(),
      ageMs,
      stale: ageMs > this.options.staleAfterMs,
      failures: this.failures,
      lastError: this.lastError,
      failedPolls: this.failedPolls,
    };
  }

  /** One poll, then the photos; exposed for tests that drive the follower step by step. */
  async poll(): Promise<void> {
    const { baseUrl, timeoutMs, maxBytes } = this.options;
    const answer = await fetchFeedList(baseUrl, this.etag, { timeoutMs, maxBytes, stop: this.stopping.signal });
    if (this.stopping.signal.aborted) return;
    if (answer.kind === 'failed') return this.failed(answer.reason);
    if (answer.kind === 'list') {
      const { machines, presentIds } = this.check(answer.rvms, await this.engine.feed.storedPhotos());
      try {
        this.publish(await this.engine.feed.applySnapshot(machines, presentIds));
      } catch (error) {
        if (!this.engine.isBusyError(error)) throw error;
        return this.failed('the database is busy (an import?)');
      }
      this.etag = answer.etag;
    }
    this.succeeded();
    await this.fetchPhotos();
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

  /** Validates each machine as an import would; a bad one is skipped (and keeps its last good record). */
  private check(
    rvms: unknown[],
    storedPhotos: ReadonlyMap<string, string>,
  ): { machines: FeedMachine[]; presentIds: string[] } {
    const machines: FeedMachine[] = [];
    const presentIds: string[] = [];
    const seen = new Set<string>();
    const wanted = new Map<string, string[]>();
    rvms.forEach((value, index) => {
      const id = isRecord(value) && typeof value.id === 'string' ? value.id : null;
      const key = id ?? `#${index + 1}`;
      if (id !== null) presentIds.push(id);
      if (id !== null && seen.has(id)) return this.skipped(key, 'the feed sends this id twice; the first is kept');
      if (id !== null) seen.add(id);
      const result = validateMachineRow(value, index + 1);
      if (!result.ok) return this.skipped(key, result.errors.join('; '));
      this.skipLogged.delete(key);
      const feedPhoto = this.photoId((value as Record<string, unknown>).picture, key);
      if (feedPhoto === null) return machines.push({ row: result.row, photo: { kind: 'none' } });
      const fileId = storedPhotos.get(feedPhoto);
      if (fileId !== undefined) return machines.push({ row: result.row, photo: { kind: 'stored', fileId } });
      wanted.set(feedPhoto, [...(wanted.get(feedPhoto) ?? []), result.row.id]);
      machines.push({ row: result.row, photo: { kind: 'waiting' } });
    });
    this.wantedPhotos = wanted;
    return { machines, presentIds };
  }

  private photoId(picture: unknown, key: string): string | null {
    if (picture === undefined || picture === null) return null;
    if (isRecord(picture) && typeof picture.id === 'string' && FEED_PHOTO_ID.test(picture.id)) return picture.id;
    this.skipped(`${key} picture`, `picture ${showText(JSON.stringify(picture) ?? '')} is not { id } with a plain id`);
    return null;
  }

  private skipped(key: string, reason: string): void {
    if (this.skipLogged.get(key) === reason) return;
    this.skipLogged.set(key, reason);
    this.options.log('warn', `feed: machine ${showText(key)} skipped: ${reason}`);
  }

  /** Fetches the wanted photos one at a time; a failure is tried again later, waiting longer each time. */
  private async fetchPhotos(): Promise<void> {
    const { baseUrl, timeoutMs, photoMaxBytes, intervalMs } = this.options;
    for (const [feedId, machineIds] of this.wantedPhotos) {
      if (this.stopping.signal.aborted) return;
      const retry = this.photoRetryAt.get(feedId);
      if (retry && retry.at > Date.now()) continue;
      const reason = await this.fetchPhoto(baseUrl, feedId, machineIds, timeoutMs, photoMaxBytes);
      if (reason === null) {
        this.wantedPhotos.delete(feedId);
        this.photoRetryAt.delete(feedId);
        continue;
      }
      const attempts = (retry?.attempts ?? 0) + 1;
      if (retry?.reason !== reason) this.options.log('warn', `feed: photo ${feedId} not fetched: ${reason}`);
      this.photoRetryAt.set(feedId, {
        attempts,
        reason,
        at: Date.now() + backoffDelayMs(attempts, intervalMs, (this.options.random ?? Math.random)()),
      });
    }
  }

  /** Null when the photo is stored and given to its machines, else why not. */
  private async fetchPhoto(
    baseUrl: string,
    feedId: string,
    machineIds: string[],
    timeoutMs: number,
    maxBytes: number,
  ): Promise<string | null> {
    const answer = await fetchFeedPhoto(baseUrl, feedId, timeoutMs, this.stopping.signal);
    if (!answer.ok) return answer.reason;
    try {
      const blob = await this.engine.files.writeBlob(answer.body, maxBytes);
      if (this.stopping.signal.aborted) return 'stopped';
      this.publish({
        machines: await this.engine.feed.recordPhoto(feedId, blob, machineIds),
        inserted: 0,
        updated: 0,
      });
      return null;
    } catch (error) {
      if (error instanceof ApiError) {
        return error.msg === 'fileTooLarge' ? `larger than ${maxBytes} bytes` : 'not a PNG, JPEG, WebP or GIF image';
      }
      if (this.engine.isBusyError(error)) return 'the database is busy';
      return error instanceof Error ? error.message : String(error);
    }
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
