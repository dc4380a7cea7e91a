import { parseHistory, type HistoryState } from './historyTimes';

/** Pages read at most: 20 of 1000 entries, far more changes than any machine makes in the card's window. */
export const HISTORY_MAX_PAGES = 20;

/** A JSON answer's body, or null when the request did not answer 200. */
export type GetJson = (url: string, signal: AbortSignal) => Promise<unknown>;

/**
 * Every entry of a machine's history after `since`, oldest first, following the server's pages (`more`: the next
 * page starts after the last entry's `at`). Null when a page fails or is malformed, or there are more than
 * HISTORY_MAX_PAGES: the newest entries would be missing, and the times read from the rest would be wrong.
 */
export async function fetchHistory(
  urlAfter: (since: string) => string,
  since: string,
  getJson: GetJson,
  signal: AbortSignal,
): Promise<HistoryState[] | null> {
  const entries: HistoryState[] = [];
  let after = since;
  for (let page = 0; page < HISTORY_MAX_PAGES; page += 1) {
    const body = await getJson(urlAfter(after), signal);
    if (typeof body !== 'object' || body === null) return null;
    const { history, more } = body as { history?: unknown; more?: unknown };
    if (!Array.isArray(history)) return null;
    entries.push(...parseHistory(body));
    if (more !== true) return entries;
    const last: unknown = (history.at(-1) as { at?: unknown } | undefined)?.at;
    if (typeof last !== 'string' || last === after) return null;
    after = last;
  }
  return null;
}
