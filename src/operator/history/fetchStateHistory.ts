import type { Call } from '../../api/client';
import { parseStateEntries, type StateEntry } from './stateHistory';

/** Pages read at most (1000 entries each): a machine that changed more often than this in the window is too busy to chart. */
export const HISTORY_MAX_PAGES = 20;

/**
 * Every state of the machine after `since` (ISO 8601), oldest first, following the server's pages (`more`: ask again
 * from the last entry's `at`). Null when there are more than HISTORY_MAX_PAGES.
 */
export async function fetchStateHistory(call: Call, id: string, since: string): Promise<StateEntry[] | null> {
  const entries: StateEntry[] = [];
  let after = since;
  for (let page = 0; page < HISTORY_MAX_PAGES; page += 1) {
    const path = `rvm/${encodeURIComponent(id)}/history?${new URLSearchParams({ since: after }).toString()}`;
    const body = await call<{ history?: { at?: unknown }[]; more?: unknown }>(path, undefined, {
      method: 'GET',
      not_blocking: true,
      throw_error: true,
    });
    entries.push(...parseStateEntries(body));
    const last = body?.history?.at(-1)?.at;
    if (body?.more !== true) return entries;
    if (typeof last !== 'string' || last === after) return entries;
    after = last;
  }
  return null;
}
