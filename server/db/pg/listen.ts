import pg from 'pg';
import { pgClientConfig } from './pool';

/** The NOTIFY channel every write that other instances must hear of is announced on. */
export const CHANGES_CHANNEL = 'rvm_changes';

/**
 * What a NOTIFY carries: the instance that made the change (it tells its own streams itself), and for a machine only
 * its id (a payload is limited to 8000 bytes; a machine with its kept fields can be more), read back by each listener.
 */
export type ChangeMessage = { origin: string } & (
  | { type: 'machine'; id: string }
  | { type: 'import'; at: string; inserted: number; updated: number }
  | { type: 'embedOrigins' }
);

/** Reconnect delays after a lost connection: doubling from the first to the last. */
export const RECONNECT_FIRST_MS = 100;
export const RECONNECT_MAX_MS = 5_000;

export interface ChangeListener {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * One connection that LISTENs on CHANGES_CHANNEL. When it is lost (a database restart, a killed backend, the
 * network) it connects again with a growing delay, LISTENs again, then calls `onReconnected`: whatever was
 * announced in between was missed.
 */
export function listenForChanges(
  url: string,
  handlers: { message(message: ChangeMessage): void; reconnected(): void; error(error: unknown): void },
): ChangeListener {
  let stopped = false;
  let client: pg.Client | null = null;
  let delay = RECONNECT_FIRST_MS;
  let timer: NodeJS.Timeout | null = null;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client(pgClientConfig(url, 'rvm-listen'));
    let lost = false;
    const onLost = (error?: unknown): void => {
      if (lost) return;
      lost = true;
      if (error !== undefined && !stopped) handlers.error(error);
      if (client === next) client = null;
      next.end().catch(() => undefined);
      if (!stopped) schedule(true);
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (notification) => {
      if (notification.channel !== CHANGES_CHANNEL || !notification.payload) return;
      try {
        handlers.message(JSON.parse(notification.payload) as ChangeMessage);
      } catch (error) {
        handlers.error(error);
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      onLost(error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = RECONNECT_FIRST_MS;
    markReady();
    if (isReconnect) handlers.reconnected();
  };

  const schedule = (isReconnect: boolean): void => {
    if (timer !== null || stopped) return;
    timer = setTimeout(() => {
      timer = null;
      void connect(isReconnect);
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  void connect(false);
  return {
    ready,
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      markReady();
      await client?.end().catch(() => undefined);
    },
  };
}
