import type { Clock } from '../accounts/clock';
import { retryDelayMs, type RetryPolicy } from '../alerts/deliveryBackoff';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signBody } from '../alerts/signature';
import type { AlertStore, AttemptOutcome, DueDelivery } from '../db/alertStore';
import { answerReason, postToReceiver } from './postToReceiver';
import type { ReceiverGuard } from './receiverGuard';

/** Deliveries read per round, and sent at once (a slow receiver holds one of these, never a request). */
const DELIVERIES_PER_ROUND = 20;
const PARALLEL_SENDS = 4;

export interface SenderOptions {
  clock: Clock;
  timeoutMs: number;
  retry: RetryPolicy;
  random: () => number;
  userAgent: string;
  /** Where a receiver may be: resolved and checked on every attempt (decision 0060). */
  guard: ReceiverGuard;
  log: (level: 'info' | 'warn', message: string) => void;
}

/**
 * Sends the queued deliveries that are due: a signed JSON POST each, with a timeout; a failure is tried again after
 * an exponential wait (capped), and given up after the last attempt. Runs off the request path, on the instance
 * holding the lease; a delivery is claimed in the database before it is sent, so two senders never send it together.
 */
export class WebhookSender {
  private running: Promise<void> | null = null;
  private readonly stopping = new AbortController();

  constructor(
    private readonly store: AlertStore,
    private readonly options: SenderOptions,
  ) {}

  /** Sends what is due now; a call while a round runs waits for that round. */
  sendDue(): Promise<void> {
    this.running ??= this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  private async round(): Promise<void> {
    for (;;) {
      if (this.stopping.signal.aborted) return;
      const due = await this.store.dueDeliveries(this.options.clock().toISOString(), DELIVERIES_PER_ROUND);
      if (due.length === 0) return;
      for (let i = 0; i < due.length; i += PARALLEL_SENDS) {
        await Promise.all(due.slice(i, i + PARALLEL_SENDS).map((delivery) => this.attempt(delivery)));
      }
      if (due.length < DELIVERIES_PER_ROUND) return;
    }
  }

  private async attempt(delivery: DueDelivery): Promise<void> {
    const { clock, timeoutMs } = this.options;
    // Should this instance die mid-attempt, the delivery comes due again once the attempt would have timed out.
    const claimedUntil = new Date(clock().getTime() + 2 * timeoutMs).toISOString();
    if (!(await this.store.claimDelivery(delivery.id, delivery.attempts, claimedUntil))) return;
    const attempts = delivery.attempts + 1;
    const answer = await this.post(delivery);
    const at = clock();
    let outcome: AttemptOutcome;
    if (answer.ok) {
      outcome = {
        state: 'delivered',
        nextAttemptAt: null,
        lastStatus: answer.status,
        lastError: null,
        at: at.toISOString(),
      };
    } else {
      const waitMs = retryDelayMs(attempts, this.options.retry, this.options.random());
      outcome = {
        state: waitMs === null ? 'failed' : 'pending',
        nextAttemptAt: waitMs === null ? null : new Date(at.getTime() + waitMs).toISOString(),
        lastStatus: answer.status,
        lastError: answer.error,
        at: at.toISOString(),
      };
      const then = waitMs === null ? 'given up' : `next attempt in ${Math.round(waitMs / 1000)} s`;
      this.options.log(
        'warn',
        `alerts: webhook ${delivery.url} failed (${answer.error}), attempt ${attempts}; ${then}`,
      );
    }
    await this.store.recordAttempt(delivery.id, outcome);
  }

  private async post(delivery: DueDelivery): Promise<{ ok: boolean; status: number | null; error: string | null }> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const status = await postToReceiver(
        delivery.url,
        delivery.body,
        {
          'content-type': 'application/json',
          'user-agent': this.options.userAgent,
          [SIGNATURE_HEADER]: signBody(delivery.secret, delivery.body),
          [DELIVERY_HEADER]: delivery.id,
          [EVENT_HEADER]: delivery.event,
        },
        this.options.guard,
        AbortSignal.any([this.stopping.signal, timeout]),
      );
      // The log keeps the status and why, never the receiver's words: they could be anything, of any size.
      const ok = status >= 200 && status < 300;
      return { ok, status, error: ok ? null : answerReason(status) };
    } catch (error) {
      const reason = timeout.aborted
        ? `no answer within ${this.options.timeoutMs} ms`
        : error instanceof Error
          ? error.message
          : String(error);
      return { ok: false, status: null, error: reason };
    }
  }
}
