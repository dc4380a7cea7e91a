import { useEffect, useState } from 'react';
import type { Machine } from '../../shared/machine';
import { API_BASE_PATH } from '../config';
import { runtimeConfig } from '../runtimeConfig';
import { fetchHistory } from './fetchHistory';
import { historyTimes, type HistoryTimes } from './historyTimes';

const NONE: HistoryTimes = { lastFullMs: null, lastEmptiedMs: null };
/** Far enough back for "last emptied" on a machine emptied weekly, small enough for an answer or two. */
const HISTORY_WINDOW_MS = 14 * 24 * 60 * 60 * 1000; // 14 days

const getJson = (url: string, signal: AbortSignal): Promise<unknown> =>
  fetch(url, { signal }).then((response) => (response.ok ? (response.json() as Promise<unknown>) : null));

/**
 * When the machine last became Full and was last emptied, from its history, for a server that follows a feed
 * and a machine whose feed did not say both itself. Asked again when its status changes; nothing on failure.
 */
export function useHistoryTimes(machine: Machine): HistoryTimes {
  const [times, setTimes] = useState<{ key: string; times: HistoryTimes } | null>(null);
  const wanted =
    runtimeConfig().feedIntervalMs !== null && (machine.last_full == null || machine.last_emptied_at == null);
  const key = `${machine.id}|${machine.status ?? ''}`;
  useEffect(() => {
    if (!wanted) return;
    const abort = new AbortController();
    const since = new Date(Date.now() - HISTORY_WINDOW_MS).toISOString();
    // Plain GETs, not the spec's POST call: this is the server's own addition, and a failure shows nothing.
    const urlAfter = (after: string) =>
      `${API_BASE_PATH}rvm/${encodeURIComponent(machine.id)}/history?since=${encodeURIComponent(after)}`;
    fetchHistory(urlAfter, since, getJson, abort.signal)
      .then((entries) => {
        if (entries) setTimes({ key, times: historyTimes(entries) });
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [wanted, key, machine.id]);
  return wanted && times?.key === key ? times.times : NONE;
}
