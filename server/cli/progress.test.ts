import { describe, expect, it } from 'vitest';
import { formatAmount, formatDuration, Progress, type ProgressStream } from './progress';

function terminal(isTTY: boolean): ProgressStream & { text: string } {
  const stream = { isTTY, text: '', write: (chunk: string) => (stream.text += chunk) };
  return stream;
}

/** A clock the test moves by hand. */
function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('Progress', () => {
  it('redraws one terminal line with done, total, rate and time left, at most every 250 ms', () => {
    const out = terminal(true);
    const time = clock();
    const progress = new Progress(out, time.now);
    progress.begin('checking rows', 'rows', 50_000);
    expect(out.text).toBe('\rchecking rows: 0 / 50,000 rows');

    time.advance(100);
    progress.update(1_000);
    expect(out.text).toBe('\rchecking rows: 0 / 50,000 rows');

    time.advance(900);
    progress.update(10_000);
    expect(out.text.split('\r').at(-1)).toBe('checking rows: 10,000 / 50,000 rows · 10,000 rows/s · 4.0 s left');

    progress.end();
    expect(out.text.endsWith('\r')).toBe(true);
    expect(out.text.split('\r').at(-2)?.trim()).toBe('');
  });

  it('takes the rate over the last few seconds, so a slow start leaves the time left', () => {
    const time = clock();
    const progress = new Progress(terminal(true), time.now);
    progress.begin('saving', 'rows', 100_000);
    time.advance(10_000);
    progress.update(1_000); // a slow first 10 s
    for (let i = 0; i < 4; i++) {
      time.advance(1_000);
      progress.update(1_000 + (i + 1) * 10_000);
    }
    expect(progress.rate()).toBeCloseTo(10_000, -2);
    expect(progress.line()).toBe('saving: 41,000 / 100,000 rows · 10,000 rows/s · 5.9 s left');
  });

  it('draws bytes in KB and MB, and nothing at all when the stream is not a terminal', () => {
    const out = terminal(false);
    const time = clock();
    const progress = new Progress(out, time.now);
    progress.begin('copying the database', 'bytes', 8 * 1024 * 1024);
    time.advance(1_000);
    progress.update(2 * 1024 * 1024);
    progress.end();
    expect(out.text).toBe('');
    expect(progress.line()).toBe('copying the database: 2.0 MB / 8.0 MB · 2.0 MB/s · 3.0 s left');
    expect(progress.elapsed()).toBe(1_000);
    expect(progress.took(8 * 1024 * 1024, 'bytes')).toBe('in 1.0 s (8.0 MB/s)');
  });

  it('writes a phase of unknown size without a total or time left', () => {
    const time = clock();
    const progress = new Progress(terminal(true), time.now);
    progress.begin('reading', 'rows', null);
    time.advance(500);
    progress.update(2_500);
    expect(progress.line()).toBe('reading: 2,500 rows · 5,000 rows/s');
  });
});

describe('formatAmount and formatDuration', () => {
  it.each([
    [512, 'bytes', '0.5 KB'],
    [3 * 1024 * 1024 + 200_000, 'bytes', '3.2 MB'],
    [1234567, 'rows', '1,234,567'],
  ] as const)('%s %s → %s', (amount, unit, text) => expect(formatAmount(amount, unit)).toBe(text));

  it.each([
    [420, '420 ms'],
    [4_250, '4.3 s'],
    [12_400, '12 s'],
    [185_000, '3 min 05 s'],
  ])('%s ms → %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
});
