import type { StreamLimits } from './streamLimits';

/** What the writer needs of the response it writes to (an http.ServerResponse). */
export interface StreamTarget {
  write(chunk: string): boolean;
  /** Bytes written but not yet taken by the socket. */
  readonly writableLength: number;
  on(event: 'drain', listener: () => void): unknown;
}

/** Why a stream was given up: too much unsent, or blocked too long. */
export type StreamOverflow = 'unsent' | 'blocked';

/**
 * Writes one event stream and gives it up, rather than buffer without end, when its client does not keep up:
 * more than `maxUnsentBytes` waiting, or a socket that takes nothing for `maxBlockedMs` after a write it refused
 * (backpressure: `write()` returned false and no 'drain' came). `giveUp` closes the stream; the client, coming
 * back with the last id it saw, is sent what it missed or told to reload the list.
 */
export class StreamWriter {
  private blocked: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly target: StreamTarget,
    private readonly limits: StreamLimits,
    private readonly giveUp: (why: StreamOverflow) => void,
  ) {
    target.on('drain', () => {
      clearTimeout(this.blocked);
      this.blocked = undefined;
    });
  }

  write(text: string): void {
    if (this.stopped) return;
    const taken = this.target.write(text);
    if (this.target.writableLength > this.limits.maxUnsentBytes) {
      this.overflow('unsent');
      return;
    }
    if (!taken) this.blocked ??= setTimeout(() => this.overflow('blocked'), this.limits.maxBlockedMs);
  }

  /** Writes nothing more and forgets its timer: the stream ended. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.blocked);
  }

  private overflow(why: StreamOverflow): void {
    if (this.stopped) return;
    this.stop();
    this.giveUp(why);
  }
}
