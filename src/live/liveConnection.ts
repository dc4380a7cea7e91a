import { reconnectDelayMs } from './reconnectDelay';

/** The part of EventSource the connection uses (a fake stands in for it in tests). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface LiveConnectionOptions {
  url: string;
  open: (url: string) => EventSourceLike;
  /** The data of a `machine` event: one changed machine. */
  onMachine: (data: string) => void;
  /** Reloads the whole list: after an import, after a gap the stream cannot fill in, and every `pollMs` while it is down. */
  reload: () => void;
  pollMs: number;
  random?: () => number;
}

/**
 * Listens to the server's event stream (server/routes/events.ts) and keeps listening through errors. The browser's
 * EventSource gives up for good on any answer but 200 (a stream cap, a server shutting down, a proxy's 502 or 503
 * during a deploy), so every error closes it and a new one opens after a growing, jittered wait. The new one
 * hands back the last event id seen, and the server replays what was missed or says `resync`; with no id to
 * hand back, the list is reloaded. While the stream is down, the list is reloaded every `pollMs`; when the
 * network returns (`online`), the new one opens at once.
 * Returns the function that stops it all.
 */
export function connectLive(options: LiveConnectionOptions): () => void {
  let lastId: string | null = null;
  let interrupted = false;
  let attempt = 0;
  let source: EventSourceLike | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;

  const connect = () => {
    const resumeFrom = lastId;
    const current = options.open(
      resumeFrom === null ? options.url : `${options.url}?lastEventId=${encodeURIComponent(resumeFrom)}`,
    );
    source = current;
    const remember = (event: MessageEvent) => {
      if (event.lastEventId) lastId = event.lastEventId;
    };
    current.addEventListener('machine', (event) => {
      remember(event);
      options.onMachine(String(event.data));
    });
    for (const type of ['import', 'resync']) {
      current.addEventListener(type, (event) => {
        remember(event);
        options.reload();
      });
    }
    current.addEventListener('ready', (event) => {
      if (interrupted && resumeFrom === null) options.reload();
      remember(event);
      interrupted = false;
      attempt = 0;
      clearInterval(poll);
      poll = undefined;
    });
    current.addEventListener('error', () => {
      if (source !== current) return;
      current.close();
      source = null;
      interrupted = true;
      poll ??= setInterval(options.reload, options.pollMs);
      retry = setTimeout(connect, reconnectDelayMs(attempt++, options.random));
    });
  };

  const reconnectNow = () => {
    if (source !== null) return;
    clearTimeout(retry);
    attempt = 0;
    connect();
  };
  connect();
  window.addEventListener('online', reconnectNow);
  return () => {
    window.removeEventListener('online', reconnectNow);
    source?.close();
    source = null;
    clearTimeout(retry);
    clearInterval(poll);
  };
}
