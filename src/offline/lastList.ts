import type { Machine } from '../../shared/machine';
import { parseMachineList } from '../machines/parseMachines';
import { LAST_LIST_CACHE, LAST_LIST_KEY } from './offlineConfig';

/** The last list the list call answered, as the page keeps it for a visit without a network. */
export interface KeptList {
  /** When it was fetched (epoch ms): the page's "Data as of". */
  fetchedAt: number;
  machines: Machine[];
}

/**
 * Keeps the list in the Cache API. It fails quietly where there is no Cache API or no storage for this page (a
 * sandboxed frame, storage blocked, the quota spent): the page then simply has nothing kept.
 */
export async function keepLastList(list: { fetchedAt: number; machines: readonly Machine[] }): Promise<void> {
  try {
    const cache = await caches.open(LAST_LIST_CACHE);
    const body = JSON.stringify({ fetchedAt: list.fetchedAt, rvms: list.machines });
    await cache.put(LAST_LIST_KEY, new Response(body, { headers: { 'content-type': 'application/json' } }));
  } catch {
    // Nothing kept: the next offline visit shows what it would without this.
  }
}

/** The kept list, checked as the list call's answer is; null when there is none or it does not read. */
export async function readLastList(): Promise<KeptList | null> {
  try {
    const cache = await caches.open(LAST_LIST_CACHE);
    const response = await cache.match(LAST_LIST_KEY);
    return response ? keptListFrom(await response.json()) : null;
  } catch {
    return null;
  }
}

/** What a kept entry holds, validated row by row like a fresh answer. */
export function keptListFrom(stored: unknown): KeptList | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { fetchedAt, rvms } = stored as { fetchedAt?: unknown; rvms?: unknown };
  if (typeof fetchedAt !== 'number' || !Number.isFinite(fetchedAt)) return null;
  const parsed = parseMachineList({ success: true, rvms });
  return parsed.ok ? { fetchedAt, machines: parsed.machines } : null;
}
