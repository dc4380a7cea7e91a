import { describe, expect, it } from 'vitest';
import { RefusalLog } from './refusalLog';

const MINUTE = 60_000;

function clockedLog(maxKeys?: number) {
  let now = 0;
  const lines: string[] = [];
  const log = new RefusalLog((line) => lines.push(line), { now: () => now, maxKeys });
  return { log, lines, advance: (ms: number) => (now += ms) };
}

describe('RefusalLog', () => {
  it('logs the first refusal at once, then the count of the rest once the minute has passed', () => {
    const { log, lines, advance } = clockedLog();
    for (let i = 0; i < 5_111; i++) log.refused('1.2.3.4', 'address', 'stream refused for 1.2.3.4: too many streams');
    expect(lines).toEqual(['stream refused for 1.2.3.4: too many streams']);
    advance(MINUTE - 1);
    log.flush();
    expect(lines).toHaveLength(1);
    advance(1);
    log.flush();
    expect(lines[1]).toBe('stream refused for 1.2.3.4: too many streams: 5,110 more times in the last minute');
  });

  it('keeps clients and reasons apart', () => {
    const { log, lines } = clockedLog();
    log.refused('1.2.3.4', 'address', 'a from 1.2.3.4');
    log.refused('1.2.3.4', 'server', 'b from 1.2.3.4');
    log.refused('5.6.7.8', 'address', 'a from 5.6.7.8');
    log.refused('1.2.3.4', 'address', 'a from 1.2.3.4');
    expect(lines).toEqual(['a from 1.2.3.4', 'b from 1.2.3.4', 'a from 5.6.7.8']);
  });

  it('writes at most one line a minute for a client refused without end, and counts every refusal', () => {
    let now = 0;
    const lines: { at: number; text: string }[] = [];
    const log = new RefusalLog((text) => lines.push({ at: now, text }), { now: () => now });
    // Ten minutes of a refusal every 100 ms, with a flush every 10 s as the stream route runs it.
    for (; now < 10 * MINUTE; now += 100) {
      log.refused('1.2.3.4', 'address', 'refused');
      if (now % 10_000 === 0) log.flush();
    }
    now += MINUTE;
    log.flush();
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.at - lines[i - 1]!.at).toBeGreaterThanOrEqual(MINUTE);
    const counted = lines
      .slice(1)
      .map(({ text }) => Number(/^refused: ([\d,]+) more times in the last minute$/.exec(text)![1]!.replace(',', '')));
    expect(1 + counted.reduce((a, b) => a + b, 0)).toBe(6_000);
  });

  it('forgets a client once a minute passes without a refusal, and logs it afresh after that', () => {
    const { log, lines, advance } = clockedLog();
    log.refused('1.2.3.4', 'address', 'refused');
    advance(MINUTE);
    log.flush();
    expect(log.size).toBe(0);
    log.refused('1.2.3.4', 'address', 'refused');
    expect(lines).toEqual(['refused', 'refused']);
  });

  it('remembers a bounded number of clients, and sums the refusals of the others in one line a minute', () => {
    const { log, lines, advance } = clockedLog(100);
    for (let i = 0; i < 100_000; i++) log.refused(`10.0.${i >> 8}.${i & 255}`, 'server', `refused ${i}`);
    expect(log.size).toBe(100);
    expect(lines).toHaveLength(100);
    log.flush();
    expect(lines[100]).toBe(
      '99,900 more refusals of other clients in the last minute (not logged one by one: over 100 clients were refused)',
    );
    for (let i = 0; i < 10; i++) log.refused(`10.1.0.${i}`, 'server', 'more');
    log.flush();
    expect(lines).toHaveLength(101);
    advance(MINUTE);
    log.flush();
    expect(lines[101]).toBe(
      '10 more refusals of other clients in the last minute (not logged one by one: over 100 clients were refused)',
    );
    expect(log.size).toBe(0);
  });
});
