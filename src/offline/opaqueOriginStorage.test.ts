import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepLastList, readLastList } from './lastList';
import { startServiceWorker } from './startServiceWorker';
import { testMachine } from '../../tests/support/testMachine';

/** What Chromium does in a frame sandboxed without allow-same-origin: reading the property itself throws. */
function refuse(target: object, property: string): void {
  Object.defineProperty(target, property, {
    configurable: true,
    get() {
      throw new DOMException(`Failed to read the '${property}' property: the context is sandboxed`, 'SecurityError');
    },
  });
}

describe('a page whose origin is opaque (a sandboxed frame)', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'caches');
    Reflect.deleteProperty(navigator, 'serviceWorker');
    vi.unstubAllEnvs();
  });

  it('keeps no list and reads none back, without an error', async () => {
    refuse(window, 'caches');
    await expect(keepLastList({ fetchedAt: 1, machines: [testMachine('a')] })).resolves.toBeUndefined();
    await expect(readLastList()).resolves.toBeNull();
  });

  it('registers no service worker, without an error', () => {
    vi.stubEnv('PROD', true);
    refuse(navigator, 'serviceWorker');
    expect(() => startServiceWorker()).not.toThrow();
  });
});
