import { describe, expect, it } from 'vitest';
import type { EmbedOrigin } from '../../shared/contract/embedOrigins';
import type { EmbedOriginStore } from '../db/embedOriginStore';
import { AllowedEmbedOrigins, EMBED_ORIGINS_CACHE_MS } from './embedOrigins';

const FLOOR = ['https://www.example.gov.hk'];
const added = (origin: string): EmbedOrigin => ({ origin, addedAt: '2026-12-07T00:00:00.000Z', addedBy: 'ada' });

/** A store that answers `rows` (or fails) and counts its reads. */
function fakeStore() {
  const state = { rows: [] as EmbedOrigin[], fail: false, reads: 0 };
  const store: EmbedOriginStore = {
    list: async () => {
      state.reads += 1;
      if (state.fail) throw new Error('database gone');
      return state.rows;
    },
    add: async () => 'added',
    remove: async () => true,
  };
  return { state, store };
}

describe('the host origins allowed now', () => {
  it('are the floor and the added ones, read once per cache time, and at once after forget()', async () => {
    const { state, store } = fakeStore();
    let now = 0;
    const origins = new AllowedEmbedOrigins(
      FLOOR,
      store,
      () => undefined,
      () => now,
    );
    state.rows = [added('https://a.example.org'), added('https://www.example.gov.hk')];
    expect(await origins.current()).toEqual([...FLOOR, 'https://a.example.org']);
    state.rows = [];
    now += EMBED_ORIGINS_CACHE_MS - 1;
    expect(await origins.current()).toEqual([...FLOOR, 'https://a.example.org']);
    expect(state.reads).toBe(1);
    now += 1;
    expect(await origins.current()).toEqual(FLOOR);
    state.rows = [added('https://b.example.org')];
    origins.forget();
    expect(await origins.current()).toEqual([...FLOOR, 'https://b.example.org']);
    expect(state.reads).toBe(3);
  });

  it('read the database once for many callers at the same moment', async () => {
    const { state, store } = fakeStore();
    const origins = new AllowedEmbedOrigins(FLOOR, store, () => undefined);
    await Promise.all(Array.from({ length: 10 }, () => origins.current()));
    expect(state.reads).toBe(1);
  });

  it('leave out a row that is no origin (written by hand past the route)', async () => {
    const { state, store } = fakeStore();
    state.rows = [added("https://x.example.org; script-src 'unsafe-inline'"), added('https://ok.example.org')];
    const origins = new AllowedEmbedOrigins([], store, () => undefined);
    expect(await origins.current()).toEqual(['https://ok.example.org']);
  });

  it('are unknown (null) when the first read fails, and the last known when a later one does', async () => {
    const { state, store } = fakeStore();
    const errors: unknown[] = [];
    let now = 0;
    const origins = new AllowedEmbedOrigins(
      [],
      store,
      (error) => errors.push(error),
      () => now,
    );
    state.fail = true;
    expect(await origins.current()).toBeNull();
    state.fail = false;
    state.rows = [added('https://a.example.org')];
    expect(await origins.current()).toEqual(['https://a.example.org']);
    state.fail = true;
    now += EMBED_ORIGINS_CACHE_MS;
    expect(await origins.current()).toEqual(['https://a.example.org']);
    expect(errors).toHaveLength(2);
  });
});
