/** A client refused for one reason is logged once per this, with a count of the refusals not logged one by one. */
export const REFUSAL_LOG_WINDOW_MS = 60_000; // 1 minute
/** How many client and reason pairs are remembered within a window; refusals of any more are summed in one line. */
export const REFUSAL_LOG_MAX_KEYS = 1_000;

export interface RefusalLogOptions {
  windowMs?: number;
  maxKeys?: number;
  now?: () => number;
}

interface Seen {
  /** The line that named the refusal, repeated with the count in its summary. */
  line: string;
  loggedAt: number;
  notLogged: number;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Logs refusals (a stream over its cap, a stream given up) at most once per client and reason per window. The
 * first is logged as it happens; the ones after it within the window are counted, and once the window has passed
 * `flush` logs their count ("event stream refused for 1.2.3.4: the address cap on open streams is reached: 5,110
 * more times in the last minute"). A client refused thousands of times a second writes a line a minute. Its memory
 * is bounded: `maxKeys` pairs at most; refusals past them are one count, logged by `flush`.
 */
export class RefusalLog {
  private readonly seen = new Map<string, Seen>();
  private overflow = 0;
  private overflowLoggedAt = -Infinity;
  private readonly windowMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(
    private readonly write: (line: string) => void,
    options: RefusalLogOptions = {},
  ) {
    this.windowMs = options.windowMs ?? REFUSAL_LOG_WINDOW_MS;
    this.maxKeys = options.maxKeys ?? REFUSAL_LOG_MAX_KEYS;
    this.now = options.now ?? Date.now;
  }

  /** How often `flush` should run: a count is logged at most this long after its window ends. */
  get flushEveryMs(): number {
    return Math.min(10_000, this.windowMs / 6);
  }

  /** The client and reason pairs remembered now. */
  get size(): number {
    return this.seen.size;
  }

  /** `line` names the client and the reason; it is logged unless this client was refused for `reason` lately. */
  refused(client: string, reason: string, line: string): void {
    const key = `${reason}\u0000${client}`;
    const seen = this.seen.get(key);
    if (seen) {
      seen.notLogged += 1;
      return;
    }
    if (this.seen.size >= this.maxKeys) {
      this.overflow += 1;
      return;
    }
    this.seen.set(key, { line, loggedAt: this.now(), notLogged: 0 });
    this.write(line);
  }

  /**
   * Logs the count of each pair whose window has passed and that was refused again within it; forgets the
   * pairs that were not. Called every few seconds, so that a count is logged soon after its window ends.
   */
  flush(): void {
    const now = this.now();
    for (const [key, seen] of this.seen) {
      if (now - seen.loggedAt < this.windowMs) continue;
      if (seen.notLogged === 0) {
        this.seen.delete(key);
        continue;
      }
      this.write(
        `${seen.line}: ${count(seen.notLogged)} more ${seen.notLogged === 1 ? 'time' : 'times'} in the last ${this.windowText()}`,
      );
      seen.loggedAt = now;
      seen.notLogged = 0;
    }
    if (this.overflow > 0 && now - this.overflowLoggedAt >= this.windowMs) {
      this.overflowLoggedAt = now;
      this.write(
        `${count(this.overflow)} more refusals of other clients in the last ${this.windowText()} (not logged one by one: over ${count(this.maxKeys)} clients were refused)`,
      );
      this.overflow = 0;
    }
  }

  private windowText(): string {
    return this.windowMs === 60_000 ? 'minute' : `${this.windowMs / 1000} s`;
  }
}
