import { API_BASE_PATH, DEFAULT_CALL_TIMEOUT_MS, NO_TIMEOUT } from '../config';
import { isRecord } from '../../shared/isRecord';

/** Per-call options (docs/spec.md#calls). */
export interface CallOptions {
  /** Do not count this call as pending (no blocking overlay). */
  not_blocking?: boolean;
  /** Rethrow the failure to the caller instead of showing a message. */
  throw_error?: boolean;
  /** Milliseconds; -1 never times out. Default 5 minutes. */
  timeout?: number;
  /** Extra request options passed to fetch. */
  request?: RequestInit;
  /** POST unless given (the operator console's calls); a GET or DELETE sends no body. */
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
}

export class ApiError extends Error {
  constructor(
    /** HTTP status, or 0 when no answer came (network failure, timeout). */
    readonly status: number,
    /** The server's `msg` key, when the error body carried one. */
    readonly msg: string | undefined,
    readonly reason: 'http' | 'network' | 'timeout' | 'invalid-json',
    options?: { cause?: unknown },
    /** The error answer's body as read (e.g. a sign-in's `retryAfterSeconds`, a refused edit's `problems`). */
    readonly body?: unknown,
  ) {
    super(msg ?? `${reason} ${status}`, options);
    this.name = 'ApiError';
  }
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** +1 when a blocking call starts, -1 when it stops counting. */
  changePending: (delta: 1 | -1) => void;
  /** Show a text in the message bar. */
  notify: (text: string) => void;
  /** The translated text for a dynamic key, or undefined. */
  translateKey: (key: string) => string | undefined;
  /** Send the visitor to the login route, replacing history. */
  redirectToLogin: () => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export type Call = <T>(path: string, payload?: unknown, options?: CallOptions) => Promise<T | undefined>;

/** The text the error catalogue (docs/spec.md#errors) shows for a failure. */
export function errorText(error: unknown, translateKey: ApiClientDeps['translateKey']): string {
  const msg = error instanceof ApiError ? error.msg : undefined;
  if (msg) return translateKey(`error.${msg}`) ?? msg;
  return translateKey('error.systemError') ?? 'systemError';
}

export function createApiClient(deps: ApiClientDeps): Call {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));

  return async function call<T>(path: string, payload: unknown = {}, options: CallOptions = {}) {
    const timeoutMs = options.timeout ?? DEFAULT_CALL_TIMEOUT_MS;
    const blocking = !options.not_blocking;
    const abort = new AbortController();
    let counted = blocking;
    let timedOut = false;
    const stopCounting = () => {
      if (!counted) return;
      counted = false;
      deps.changePending(-1);
    };
    if (blocking) deps.changePending(1);
    const timer =
      timeoutMs === NO_TIMEOUT
        ? undefined
        : setTimer(() => {
            timedOut = true;
            stopCounting();
            abort.abort();
          }, timeoutMs);

    const { request = {} } = options;
    const outerSignal = request.signal;
    outerSignal?.addEventListener('abort', () => abort.abort(), { once: true });
    const isForm = typeof FormData !== 'undefined' && payload instanceof FormData;
    const method = options.method ?? 'POST';
    const hasBody = method !== 'GET' && method !== 'DELETE';

    try {
      const response = await deps
        .fetch(API_BASE_PATH + path.replace(/^\/+/, ''), {
          ...request,
          method,
          headers: isForm || !hasBody ? request.headers : { 'Content-Type': 'application/json', ...request.headers },
          body: !hasBody ? undefined : isForm ? payload : JSON.stringify(payload ?? {}),
          signal: abort.signal,
        })
        .catch((cause: unknown) => {
          throw new ApiError(0, undefined, timedOut ? 'timeout' : 'network', { cause });
        });
      const data = await readJson(response);
      if (!response.ok) {
        const body = isRecord(data) ? data : undefined;
        const msg = typeof body?.msg === 'string' && body.msg ? body.msg : undefined;
        throw new ApiError(response.status, msg, 'http', undefined, body);
      }
      if (data === INVALID_JSON) throw new ApiError(response.status, undefined, 'invalid-json');
      return data as T;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        deps.redirectToLogin();
        if (options.throw_error) throw error;
        return undefined;
      }
      if (options.throw_error) throw error;
      deps.notify(errorText(error, deps.translateKey));
      return undefined;
    } finally {
      if (timer !== undefined) clearTimer(timer);
      stopCounting();
    }
  };
}

const INVALID_JSON = Symbol('invalid-json');

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return INVALID_JSON;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID_JSON;
  }
}
