import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { fakeMatchMedia } from './matchMedia';

afterEach(() => cleanup());

// Mantine reads these under jsdom.
window.matchMedia ??= fakeMatchMedia(() => false);
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
