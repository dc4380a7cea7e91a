import { describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/machine';
import { buildSearchIndex } from '../machines/searchIndex';
import { browserIdle, buildSearchIndexInSlices, SEARCH_INDEX_SLICE, type IdleWait } from './searchIndexSlices';

const machine = (i: number): Machine => ({
  id: `RVM-${i}`,
  coordinates: [22.3, 114.17],
  area: 'KOWLOON',
  district: 'KWUN TONG',
  status: '>40%',
  under_maintenance: false,
  service_status: 0,
  name_en: `Place ${i} ＰＬＡＺＡ`,
  name_zht: `廣場${i}`,
  name_zhs: `广场${i}`,
  address_en: `${i} Road`,
  address_zht: `${i}號`,
  address_zhs: `${i}号`,
  service_hour_en: '',
  service_hour_zht: '',
  service_hour_zhs: '',
});
const listOf = (n: number) => Array.from({ length: n }, (_, i) => machine(i));

/** Idle at once with no time left (one slice per wait), counting the waits. */
function countingIdle(): IdleWait & { calls: number } {
  const idle = Object.assign(
    async (signal: AbortSignal) => {
      idle.calls += 1;
      return signal.aborted ? null : () => 0;
    },
    { calls: 0 },
  );
  return idle;
}

describe('buildSearchIndexInSlices', () => {
  it.each([0, 1, SEARCH_INDEX_SLICE - 1, SEARCH_INDEX_SLICE, SEARCH_INDEX_SLICE * 2 + 7])(
    'gives what buildSearchIndex gives for %i machines, one idle wait per slice',
    async (n) => {
      const list = listOf(n);
      const idle = countingIdle();
      for (const locale of ['en', 'zht', 'zhs'] as const) {
        expect(await buildSearchIndexInSlices(list, locale, new AbortController().signal, idle)).toEqual(
          buildSearchIndex(list, locale),
        );
      }
      expect(idle.calls).toBe(3 * Math.ceil(n / SEARCH_INDEX_SLICE));
    },
  );

  it('takes slices while the idle period has time left', async () => {
    let left = 3;
    const calls: number[] = [];
    const idle: IdleWait = async () => {
      calls.push(left);
      return () => left--;
    };
    const list = listOf(SEARCH_INDEX_SLICE * 5);
    expect(await buildSearchIndexInSlices(list, 'en', new AbortController().signal, idle)).toEqual(
      buildSearchIndex(list, 'en'),
    );
    // 3, 2 and 1 ms left: three slices in the first period (the third check sees 1 ms); then one per period.
    expect(calls).toEqual([3, 0, -1]);
  });

  it('stops at the next slice when aborted and resolves null', async () => {
    const abort = new AbortController();
    const idle = countingIdle();
    const stopping: IdleWait = async (signal) => {
      if (idle.calls === 1) abort.abort();
      return idle(signal);
    };
    expect(await buildSearchIndexInSlices(listOf(SEARCH_INDEX_SLICE * 3), 'en', abort.signal, stopping)).toBeNull();
    expect(idle.calls).toBe(2);
  });

  it('waits for the browser to be idle, and not once aborted', async () => {
    expect(typeof (await browserIdle(new AbortController().signal))).toBe('function');
    const abort = new AbortController();
    const waiting = browserIdle(abort.signal);
    abort.abort();
    expect(await waiting).toBeNull();
  });
});
