import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXTRAS_WAIT_FOR_FIRST_VIEW_MAX_MS } from '../config';

/** A fresh copy of the module: its state is the page's, one per load. */
const freshModule = async () => {
  vi.resetModules();
  return import('./firstView');
};

/** Whether the promise has settled, after the microtasks queued so far. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('afterFirstView', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits until the map says its first view is complete', async () => {
    const { afterFirstView, firstViewComplete } = await freshModule();
    const waiting = afterFirstView();
    expect(await settled(waiting)).toBe(false);
    firstViewComplete();
    expect(await settled(waiting)).toBe(true);
  });

  it('lets the extras go at the latest the longest wait into the page, when no map says so', async () => {
    const { afterFirstView } = await freshModule();
    const waiting = afterFirstView();
    await vi.advanceTimersByTimeAsync(EXTRAS_WAIT_FOR_FIRST_VIEW_MAX_MS - performance.now() - 10);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(await settled(waiting)).toBe(true);
  });

  it('answers at once when asked after the first view', async () => {
    const { afterFirstView, firstViewComplete } = await freshModule();
    firstViewComplete();
    expect(await settled(afterFirstView())).toBe(true);
  });
});

describe('afterFirstViewWhenIdle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the task after the first view, then once the browser is idle', async () => {
    const { afterFirstViewWhenIdle, firstViewComplete } = await freshModule();
    const task = vi.fn();
    afterFirstViewWhenIdle(task, 3000);
    await vi.advanceTimersByTimeAsync(0);
    expect(task).not.toHaveBeenCalled();
    firstViewComplete();
    await vi.advanceTimersByTimeAsync(3000);
    expect(task).toHaveBeenCalledOnce();
  });

  it('never runs a task cancelled before then', async () => {
    const { afterFirstViewWhenIdle, firstViewComplete } = await freshModule();
    const task = vi.fn();
    afterFirstViewWhenIdle(task, 3000)();
    firstViewComplete();
    await vi.advanceTimersByTimeAsync(3000);
    expect(task).not.toHaveBeenCalled();
  });
});
