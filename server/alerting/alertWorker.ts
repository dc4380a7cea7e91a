import type { Clock } from '../accounts/clock';
import { noChanges } from '../alerts/alert';
import type { Alert } from '../alerts/alert';
import type { AlertRule } from '../alerts/alertRule';
import { evaluateRules, type Observed } from '../alerts/evaluate';
import { eventBody } from '../alerts/eventBody';
import type { Engine } from '../db/engine';
import type { WebhookSender } from './webhookSender';

/** How often due webhook deliveries are looked for (retries come due between evaluations). */
export const DELIVERY_CHECK_MS = 2000;

export interface AlertWorkerOptions {
  intervalMs: number;
  deliveryCheckMs: number;
  clock: Clock;
  /** Whether this instance holds the poller lease (claiming it first when no feed follower does). */
  leads: () => Promise<boolean>;
  /** The feed, when the server follows one: failing (or stale) now. */
  feed: (() => { failing: boolean }) | null;
  log: (level: 'info' | 'warn', message: string) => void;
  /** Open reports of a machine full, within a reportedFull rule's minutes, that open its alert. */
  reportAlertCount: number;
}

const MS_PER_MINUTE = 60_000;

/**
 * Evaluates the alert rules every interval and sends the webhooks' due deliveries, on the one instance holding the
 * poller lease (decision 0051). The others stand by; every state it needs is in the database, so a new holder
 * carries on where the last stopped.
 */
export class AlertWorker {
  private evaluateTimer: NodeJS.Timeout | null = null;
  private deliverTimer: NodeJS.Timeout | null = null;
  private evaluating: Promise<void> | null = null;
  private stopped = false;
  private failing = false;

  constructor(
    private readonly engine: Engine,
    private readonly sender: WebhookSender,
    private readonly options: AlertWorkerOptions,
  ) {}

  start(): void {
    this.evaluateTimer = setInterval(() => void this.evaluate(), this.options.intervalMs);
    this.evaluateTimer.unref();
    this.deliverTimer = setInterval(() => void this.deliver(), this.options.deliveryCheckMs);
    this.deliverTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.evaluateTimer) clearInterval(this.evaluateTimer);
    if (this.deliverTimer) clearInterval(this.deliverTimer);
    await this.evaluating;
    await this.sender.stop();
  }

  /** One evaluation (when this instance leads), then its deliveries sent; one at a time. */
  evaluate(): Promise<void> {
    this.evaluating ??= this.evaluateOnce()
      .then(() => this.recovered())
      .catch((error: unknown) => this.failed('evaluation', error))
      .finally(() => {
        this.evaluating = null;
      });
    return this.evaluating;
  }

  private async evaluateOnce(): Promise<void> {
    if (this.stopped || !(await this.options.leads())) return;
    const { alerts } = this.engine;
    const rules = (await alerts.listRules()).filter((rule) => rule.enabled);
    const current = await alerts.currentAlerts();
    if (rules.length === 0 && current.length === 0) return;
    const watchesMachines = rules.some((rule) => rule.kind !== 'feedFailing');
    const now = this.options.clock();
    const observed: Observed = {
      machines: watchesMachines ? await this.engine.listMachines() : [],
      feed: this.options.feed?.() ?? null,
      fullReports: await this.fullReports(rules, current, now),
      reportAlertCount: this.options.reportAlertCount,
    };
    const changes = evaluateRules(rules, observed, current, now);
    if (noChanges(changes)) return;
    await alerts.applyChanges(changes, now.toISOString(), eventBody);
    // Sent now rather than at the next check, but not awaited: a slow receiver never holds up the next evaluation.
    if (changes.open.length + changes.close.length + changes.watch.length > 0) void this.deliver();
  }

  /**
   * The open reports of a machine full the reportedFull rules read: those of twice the longest rule's minutes, and
   * those since the oldest such alert not closed began. None read without such a rule.
   */
  private async fullReports(
    rules: readonly AlertRule[],
    current: readonly Alert[],
    now: Date,
  ): Promise<Map<string, string[]>> {
    const byMachine = new Map<string, string[]>();
    const windows = rules.filter((rule) => rule.kind === 'reportedFull').map((rule) => rule.minutes);
    if (windows.length === 0) return byMachine;
    let since = new Date(now.getTime() - 2 * Math.max(...windows) * MS_PER_MINUTE).toISOString();
    for (const alert of current) if (alert.kind === 'reportedFull' && alert.since < since) since = alert.since;
    for (const { machineId, createdAt } of await this.engine.reports.openOfKindSince('fullShownWithRoom', since)) {
      const times = byMachine.get(machineId) ?? [];
      times.push(createdAt);
      byMachine.set(machineId, times);
    }
    return byMachine;
  }

  private async deliver(): Promise<void> {
    if (this.stopped) return;
    try {
      if (await this.options.leads()) await this.sender.sendDue();
    } catch (error) {
      this.failed('delivery', error);
    }
  }

  private failed(what: string, error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    const reason = error instanceof Error ? error.message : String(error);
    this.options.log('warn', `alerts: ${what} failed (${reason}); trying again at the next round`);
  }

  private recovered(): void {
    if (!this.failing) return;
    this.failing = false;
    this.options.log('info', 'alerts: evaluating again');
  }
}
