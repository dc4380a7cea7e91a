import type { ProgressReport, ProgressUnit } from '../progress';

/** Where a command draws its progress: a terminal gets a live line; anything else gets nothing until the end. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** A terminal line is redrawn at most this often. */
const REDRAW_MS = 250;
/** The rate is taken over about this much of the most recent work, so a slow start fades out of the time left. */
const RATE_WINDOW_MS = 3_000;

const wholeNumber = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function formatAmount(amount: number, unit: ProgressUnit): string {
  if (unit !== 'bytes') return wholeNumber.format(amount);
  if (amount < 1024 * 1024) return `${oneDecimal.format(amount / 1024)} KB`;
  return `${oneDecimal.format(amount / (1024 * 1024))} MB`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 10) return `${oneDecimal.format(seconds)} s`;
  if (seconds < 90) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(Math.round(seconds - minutes * 60)).padStart(2, '0')} s`;
}

/** "12,300 rows/s", "4.2 MB/s". */
export function formatRate(perSecond: number, unit: ProgressUnit): string {
  return unit === 'bytes' ? `${formatAmount(perSecond, unit)}/s` : `${wholeNumber.format(perSecond)} ${unit}/s`;
}

/**
 * A long command's progress, in phases ("checking rows", "saving", "copying photos"). On a terminal one line is
 * redrawn in place: done, total, rate and time left. Elsewhere (a log, a pipe, CI) it draws nothing, and the command
 * prints one summary line at its end with `elapsed()`.
 */
export class Progress implements ProgressReport {
  private readonly started: number;
  private phase = '';
  private unit: ProgressUnit = 'rows';
  private total: number | null = null;
  private done = 0;
  private samples: { at: number; done: number }[] = [];
  private lastDrawn = -Infinity;
  private drawnWidth = 0;

  constructor(
    private readonly stream: ProgressStream,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.started = now();
  }

  /** Starts a phase: its name, its unit and how much there is to do, when known. Drawn at once. */
  begin(phase: string, unit: ProgressUnit, total: number | null): void {
    this.phase = phase;
    this.unit = unit;
    this.total = total;
    this.done = 0;
    this.samples = [{ at: this.now(), done: 0 }];
    this.draw(true);
  }

  /** How much of the phase is done so far. */
  update(done: number): void {
    this.done = done;
    const at = this.now();
    this.samples.push({ at, done });
    while (this.samples.length > 2 && at - this.samples[1]!.at > RATE_WINDOW_MS) this.samples.shift();
    this.draw(false);
  }

  /** Clears the terminal line; the command then prints its summary. */
  end(): void {
    if (this.stream.isTTY && this.drawnWidth > 0) this.stream.write(`\r${' '.repeat(this.drawnWidth)}\r`);
    this.drawnWidth = 0;
  }

  /** Time since the command started, in ms. */
  elapsed(): number {
    return this.now() - this.started;
  }

  /** The end of a summary line: "in 3.2 s (15,600 rows/s)" for `amount` done since the start. */
  took(amount: number, unit: ProgressUnit): string {
    const ms = this.elapsed();
    const rate = ms > 0 ? ` (${formatRate((amount * 1000) / ms, unit)})` : '';
    return `in ${formatDuration(ms)}${rate}`;
  }

  /** The phase's rate per second over the recent window, or null before there is one. */
  rate(): number | null {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.at - first.at < 200 || last.done === first.done) return null;
    return ((last.done - first.done) * 1000) / (last.at - first.at);
  }

  /** The line a terminal shows now. */
  line(): string {
    const parts = [
      `${this.phase}: ${formatAmount(this.done, this.unit)}` +
        (this.total === null ? '' : ` / ${formatAmount(this.total, this.unit)}`) +
        (this.unit === 'bytes' ? '' : ` ${this.unit}`),
    ];
    const rate = this.rate();
    if (rate !== null) {
      parts.push(formatRate(rate, this.unit));
      if (this.total !== null && this.total > this.done)
        parts.push(`${formatDuration(((this.total - this.done) / rate) * 1000)} left`);
    }
    return parts.join(' · ');
  }

  private draw(force: boolean): void {
    if (!this.stream.isTTY) return;
    const at = this.now();
    if (!force && at - this.lastDrawn < REDRAW_MS) return;
    this.lastDrawn = at;
    const line = this.line();
    this.stream.write(`\r${line}${' '.repeat(Math.max(0, this.drawnWidth - line.length))}`);
    this.drawnWidth = line.length;
  }
}
