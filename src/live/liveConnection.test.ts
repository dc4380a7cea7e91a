import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLive, type EventSourceLike } from './liveConnection';

const POLL_MS = 30_000;

/** An EventSource the test drives: the server's events and errors are sent by hand. */
class FakeSource implements EventSourceLike {
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  send(type: string, data: string, lastEventId = '') {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data, lastEventId }));
  }
  fail() {
    for (const listener of this.listeners.get('error') ?? []) listener(new MessageEvent('error'));
  }
}

function start() {
  const sources: FakeSource[] = [];
  const machines: string[] = [];
  const reload = vi.fn();
  const stop = connectLive({
    url: '/api/events',
    open: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    onMachine: (data) => machines.push(data),
    reload,
    pollMs: POLL_MS,
    random: () => 1,
  });
  const latest = () => sources.at(-1)!;
  return { sources, machines, reload, stop, latest };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('connectLive', () => {
  it('passes machine events on and does not reload the list while the stream is up', () => {
    const live = start();
    expect(live.sources.map((s) => s.url)).toEqual(['/api/events']);
    live.latest().send('ready', 'p.0', 'p.0');
    live.latest().send('machine', '{"id":"A"}', 'p.1');
    vi.advanceTimersByTime(10 * POLL_MS);
    expect(live.machines).toEqual(['{"id":"A"}']);
    expect(live.reload).not.toHaveBeenCalled();
    expect(live.sources).toHaveLength(1);
  });

  it('after an error, closes the stream and opens a new one with the last id after a growing wait', () => {
    const live = start();
    live.latest().send('ready', 'p.0', 'p.0');
    live.latest().send('machine', '{"id":"A"}', 'p.7');
    const first = live.latest();
    first.fail();
    expect(first.closed).toBe(true);
    // random() = 1: the top of each wait, 1 s, then 2 s, then 4 s.
    vi.advanceTimersByTime(999);
    expect(live.sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(live.latest().url).toBe('/api/events?lastEventId=p.7');
    live.latest().fail();
    vi.advanceTimersByTime(1999);
    expect(live.sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(live.sources).toHaveLength(3);
    live.latest().fail();
    vi.advanceTimersByTime(4000);
    expect(live.sources).toHaveLength(4);

    // Back: the server replays what was missed; no reload, and the next outage starts from 1 s again.
    live.latest().send('machine', '{"id":"B"}', 'p.8');
    live.latest().send('ready', 'p.8', 'p.8');
    expect(live.machines).toEqual(['{"id":"A"}', '{"id":"B"}']);
    expect(live.reload).not.toHaveBeenCalled();
    live.latest().fail();
    vi.advanceTimersByTime(1000);
    expect(live.latest().url).toBe('/api/events?lastEventId=p.8');
  });

  it('reloads the list every poll interval while the stream is down, and stops when it is back', () => {
    const live = start();
    live.latest().send('ready', 'p.0', 'p.0');
    live.latest().fail();
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(RETRY_CAP);
      live.latest().fail();
    }
    expect(live.reload).toHaveBeenCalledTimes(Math.floor((5 * RETRY_CAP) / POLL_MS));
    const calls = live.reload.mock.calls.length;
    vi.advanceTimersByTime(RETRY_CAP);
    live.latest().send('ready', 'p.0', 'p.0');
    vi.advanceTimersByTime(10 * POLL_MS);
    expect(live.reload).toHaveBeenCalledTimes(calls + 1);
    expect(live.sources.every((s, i) => i === live.sources.length - 1 || s.closed)).toBe(true);
  });

  it('reloads the list once when it comes back with no id to resume from (it never got one)', () => {
    const live = start();
    live.latest().fail();
    vi.advanceTimersByTime(1000);
    expect(live.latest().url).toBe('/api/events');
    live.latest().send('ready', 'p.3', 'p.3');
    expect(live.reload).toHaveBeenCalledTimes(1);
    live.latest().send('machine', '{"id":"C"}', 'p.4');
    live.latest().fail();
    vi.advanceTimersByTime(1000);
    expect(live.latest().url).toBe('/api/events?lastEventId=p.4');
  });

  it('reloads the list when the server cannot replay the gap (resync), and resumes from the id it gives', () => {
    const live = start();
    live.latest().send('ready', 'old.5', 'old.5');
    live.latest().fail();
    vi.advanceTimersByTime(1000);
    live.latest().send('resync', 'new.0', 'new.0');
    live.latest().send('ready', 'new.0', 'new.0');
    expect(live.reload).toHaveBeenCalledTimes(1);
    live.latest().fail();
    vi.advanceTimersByTime(1000);
    expect(live.latest().url).toBe('/api/events?lastEventId=new.0');
  });

  it('reloads the list after an import, and resumes after it when the stream drops', () => {
    const live = start();
    live.latest().send('ready', 'p.1', 'p.1');
    live.latest().send('import', '{"at":"2026-11-26T04:00:00.000Z","inserted":1,"updated":0}', 'p.2');
    expect(live.reload).toHaveBeenCalledTimes(1);
    live.latest().fail();
    vi.advanceTimersByTime(1000);
    expect(live.latest().url).toBe('/api/events?lastEventId=p.2');
  });

  it('opens a new stream at once when the network returns, without waiting out the retry', () => {
    const live = start();
    live.latest().send('ready', 'p.0', 'p.0');
    for (let i = 0; i < 4; i++) {
      live.latest().fail();
      vi.advanceTimersByTime(60_000);
    }
    live.latest().fail();
    const before = live.sources.length;
    window.dispatchEvent(new Event('online'));
    expect(live.sources).toHaveLength(before + 1);
    expect(live.latest().url).toBe('/api/events?lastEventId=p.0');
    window.dispatchEvent(new Event('online'));
    expect(live.sources).toHaveLength(before + 1);
  });

  it('stops: closes the stream and opens no other, and reloads nothing', () => {
    const live = start();
    live.latest().fail();
    live.stop();
    vi.advanceTimersByTime(10 * POLL_MS);
    expect(live.sources).toHaveLength(1);
    expect(live.reload).not.toHaveBeenCalled();
    const again = start();
    again.stop();
    expect(again.latest().closed).toBe(true);
  });
});

/** With random() = 1, the longest wait between attempts. */
const RETRY_CAP = 30_000;
