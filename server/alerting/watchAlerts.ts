import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../accounts/clock';
import { DELIVERY_RETRY, DELIVERY_TIMEOUT_MS, type RetryPolicy } from '../alerts/deliveryBackoff';
import type { ServerConfig } from '../config';
import type { Engine } from '../db/engine';
import type { FeedFollower } from '../feed/follower';
import { PollerLease } from '../feed/pollerLease';
import { AlertWorker, DELIVERY_CHECK_MS } from './alertWorker';
import type { ReceiverGuard } from './receiverGuard';
import { WebhookSender } from './webhookSender';

export interface AlertingOptions {
  clock: Clock;
  /** Where webhooks may go (the app's, from RVM_WEBHOOK_ALLOW_NETWORKS). */
  receivers: ReceiverGuard;
  /** Tests shorten the waits between attempts, an attempt's timeout and how often due deliveries are looked for. */
  retry?: RetryPolicy;
  timeoutMs?: number;
  deliveryCheckMs?: number;
}

/**
 * Starts evaluating the alert rules once the server is ready, and stops when it closes. The instance that leads is
 * the feed follower's poller; without a feed, the instances take the same lease for the alerts alone.
 */
export function watchAlerts(
  app: FastifyInstance,
  config: ServerConfig,
  engine: Engine,
  follower: FeedFollower | null,
  options: AlertingOptions,
): AlertWorker {
  const log = (level: 'info' | 'warn', message: string): void => app.log[level](message);
  let leads: () => Promise<boolean>;
  let lease: PollerLease | null = null;
  if (follower) {
    leads = async () => follower.leads;
  } else {
    const name = `${os.hostname()} pid ${process.pid} ${randomBytes(3).toString('hex')} (alerts)`;
    const own = new PollerLease(engine.feed, name, 3 * config.alertIntervalMs, log, () => undefined);
    lease = own;
    leads = () => own.ensure(() => null);
  }
  const sender = new WebhookSender(engine.alerts, {
    clock: options.clock,
    timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
    retry: options.retry ?? DELIVERY_RETRY,
    random: Math.random,
    userAgent: 'rvm-locator-alerts',
    guard: options.receivers,
    log,
  });
  const worker = new AlertWorker(engine, sender, {
    intervalMs: config.alertIntervalMs,
    deliveryCheckMs: options.deliveryCheckMs ?? DELIVERY_CHECK_MS,
    clock: options.clock,
    leads,
    feed: follower
      ? () => {
          const status = follower.status();
          return { failing: status.failures > 0 || status.stale };
        }
      : null,
    log,
    reportAlertCount: config.reportAlertCount,
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => {
    await worker.stop();
    await lease?.release();
  });
  return worker;
}
