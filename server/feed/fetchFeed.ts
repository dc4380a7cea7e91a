import { showText } from '../machines/showValue';

/** What one request for the feed's list came to. */
export type FeedAnswer =
  { kind: 'notModified' } | { kind: 'list'; rvms: unknown[]; etag: string | null } | { kind: 'failed'; reason: string };

export interface FeedRequestOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Aborts the request when the server stops. */
  stop?: AbortSignal;
}

const deadline = (timeoutMs: number, stop?: AbortSignal): AbortSignal =>
  stop ? AbortSignal.any([AbortSignal.timeout(timeoutMs), stop]) : AbortSignal.timeout(timeoutMs);

export class FeedBodyTooLarge extends Error {
  override name = 'FeedBodyTooLarge';
}

/** A redirect's target, absolute, as an error line may quote it. */
const redirectTarget = (response: Response, url: URL): string => {
  const location = response.headers.get('location');
  if (location === null) return '(no Location)';
  try {
    return showText(new URL(location, url).href);
  } catch {
    return showText(location);
  }
};

const isRedirect = (status: number): boolean => status >= 300 && status < 400 && status !== 304;

/**
 * `POST <base>rvm/` with an empty payload, as the page makes the list call, conditional on the last ETag.
 * Every failure (network, timeout, HTTP error, a redirect, a body over `maxBytes`, cut short, not JSON, not
 * `{ success: true, rvms: [...] }`) is an answer of kind `failed` with a reason for the log. Redirects are not
 * followed, so the follower only ever reads the feed it was given (decision 0032).
 */
export async function fetchFeedList(
  baseUrl: string,
  etag: string | null,
  options: FeedRequestOptions,
): Promise<FeedAnswer> {
  const signal = deadline(options.timeoutMs, options.stop);
  try {
    const url = new URL('rvm/', baseUrl);
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(etag ? { 'if-none-match': etag } : {}),
      },
      body: '{}',
      redirect: 'manual',
      signal,
    });
    if (isRedirect(response.status)) {
      await response.body?.cancel();
      const reason = `the feed redirects to ${redirectTarget(response, url)} (HTTP ${response.status}); redirects are not followed: set RVM_UPSTREAM_URL to the address that answers`;
      return { kind: 'failed', reason };
    }
    if (response.status === 304) {
      await response.body?.cancel();
      return { kind: 'notModified' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { kind: 'failed', reason: `HTTP ${response.status}` };
    }
    const bytes = await readLimited(response, options.maxBytes);
    const body = parseList(new TextDecoder().decode(bytes));
    if (typeof body === 'string') return { kind: 'failed', reason: body };
    return { kind: 'list', rvms: body, etag: response.headers.get('etag') };
  } catch (error) {
    return { kind: 'failed', reason: failureReason(error, options) };
  }
}

/**
 * `GET <base>file/:id`: the photo's bytes as a stream, or why not; `signal` ends the request and the body's reading.
 * A redirect is refused, as on the list.
 */
export async function fetchFeedPhoto(
  baseUrl: string,
  feedId: string,
  signal: AbortSignal,
): Promise<{ ok: true; body: AsyncIterable<Uint8Array> } | { ok: false; reason: string }> {
  try {
    const response = await fetch(new URL(`file/${encodeURIComponent(feedId)}`, baseUrl), {
      redirect: 'manual',
      signal,
    });
    if (isRedirect(response.status)) {
      await response.body?.cancel();
      return { ok: false, reason: `redirected (HTTP ${response.status}); redirects are not followed` };
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return { ok: false, reason: `HTTP ${response.status}` };
    }
    return { ok: true, body: response.body as unknown as AsyncIterable<Uint8Array> };
  } catch (error) {
    return { ok: false, reason: failureReason(error, { timeoutMs: 0, maxBytes: 0 }) };
  }
}

/** Reads the body, giving up (and dropping the connection) past `maxBytes` whatever Content-Length says. */
async function readLimited(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new FeedBodyTooLarge();
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new FeedBodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function parseList(text: string): unknown[] | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'the answer is not JSON (cut short?)';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the answer is not an object';
  const { success, rvms } = body as Record<string, unknown>;
  if (success !== true) return 'the answer does not say success: true';
  if (!Array.isArray(rvms)) return 'the answer has no rvms array';
  // An empty list would deactivate every machine: far likelier a fault of the feed than the truth.
  if (rvms.length === 0) return 'the answer lists no machines';
  return rvms;
}

function failureReason(error: unknown, options: FeedRequestOptions): string {
  if (error instanceof FeedBodyTooLarge) return `the answer is larger than ${options.maxBytes} bytes`;
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${options.timeoutMs} ms`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error instanceof Error ? error.message : String(error)}${cause}`;
}
