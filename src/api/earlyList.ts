import { EARLY_LIST_GLOBAL, LIST_CALL_INIT, LIST_CALL_URL } from '../../shared/earlyList';

type EarlyWindow = { [EARLY_LIST_GLOBAL]?: Promise<Response> };

/**
 * The fetch the API client uses, taking the list request index.html started (shared/earlyList.ts) for the
 * first list call, once. Everything else is `fetchImpl`'s.
 *
 * - Only the first request to the list's URL may take it, and only when it is the same request (method, JSON
 *   content type, body `{}`); that first request takes it off `window` either way, so a later call (a refresh, a
 *   Retry) never gets an old answer.
 * - Whatever the server answered (a list, an error status, a 401) is the client's answer, read by its own rules.
 * - If the early request failed without an answer (the network), the call makes its own request: the normal path.
 * - The call's abort signal (its timeout) ends the wait as it would end its own fetch.
 */
export function withEarlyList(fetchImpl: typeof fetch, host: EarlyWindow = window as EarlyWindow): typeof fetch {
  let offered = true;
  return (input, init) => {
    if (offered && input === LIST_CALL_URL) {
      offered = false;
      const early = host[EARLY_LIST_GLOBAL];
      delete host[EARLY_LIST_GLOBAL];
      if (early && sameRequest(init)) return answerOf(early, () => fetchImpl(input, init), init?.signal);
    }
    return fetchImpl(input, init);
  };
}

function sameRequest(init: RequestInit | undefined): boolean {
  if (!init || init.method !== LIST_CALL_INIT.method || init.body !== LIST_CALL_INIT.body) return false;
  // Any other request option (credentials, cache, ...) makes it another request than the early one.
  if (Object.keys(init).some((key) => !['method', 'headers', 'body', 'signal'].includes(key))) return false;
  const headers = new Headers(init.headers);
  const expected = new Headers(LIST_CALL_INIT.headers);
  if ([...headers].length !== [...expected].length) return false;
  return [...expected].every(([name, value]) => headers.get(name) === value);
}

function answerOf(
  early: Promise<Response>,
  fallback: () => Promise<Response>,
  signal: AbortSignal | null | undefined,
): Promise<Response> {
  const answer = early.then(
    (response) => response,
    () => (signal?.aborted ? Promise.reject(abortReason(signal)) : fallback()),
  );
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}
