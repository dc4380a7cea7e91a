import { describe, expect, it, vi } from 'vitest';
import { markForTests, readTestHooksOn, testHooksOn, testSignal } from './testHooks';

describe('test hooks', () => {
  it('are off unless the build or the query asks for them', () => {
    expect(testHooksOn).toBe(false);
    expect(readTestHooksOn(undefined, '')).toBe(false);
    expect(readTestHooksOn(undefined, '?locale=zht')).toBe(false);
    expect(readTestHooksOn(undefined, '?locale=zht&testHooks')).toBe(true);
    expect(readTestHooksOn('1', '')).toBe(true);
    expect(readTestHooksOn('0', '')).toBe(false);
  });

  it('mark an element only when on', () => {
    const element = document.createElement('div');
    markForTests(element, { zoom: '11.000' });
    expect(element.dataset.zoom).toBeUndefined();
    markForTests(element, { zoom: '11.000', moving: '' }, true);
    expect({ ...element.dataset }).toEqual({ zoom: '11.000', moving: '' });
    markForTests(element, { moving: null }, true);
    expect({ ...element.dataset }).toEqual({ zoom: '11.000' });
  });

  it('send signals to listeners only when on', () => {
    const listener = vi.fn();
    const off = testSignal<number>();
    off.listen(listener);
    off.send(1);
    const on = testSignal<number>(true);
    const stop = on.listen(listener);
    on.send(2);
    stop();
    on.send(3);
    expect(listener.mock.calls).toEqual([[2]]);
  });
});
