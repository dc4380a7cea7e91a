import type { AuditEntry, AuditQuery } from '../audit';
import type { Executor } from '../executor';
import { AccountsSql } from './accounts';
import { readAudit } from './audit';
import { AlertsSql } from './alerts';
import { EmbedOriginsSql } from './embedOrigins';
import { FactorsSql } from './factors';
import { PasskeysSql } from './passkeys';
import { ReportsSql } from './reports';
import { ServiceSql, type MonthTally } from './service';
import { SessionsSql } from './sessions';
import { AccessAuditSql, TokensSql } from './tokens';

const MS_PER_DAY = 24 * 60 * 60 * 1000;
const AUDIT_TABLES = ['machine_status_audit', 'machine_import_audit', 'feed_hold_audit'] as const;
const PRUNE_HOLDS_SQL = 'DELETE FROM feed_holds WHERE decided_at < ? AND json_array_length(kept_ids) = 0';

/** The stores both engines keep the same way: each engine extends this with its executor (decision 0075). */
export abstract class SqlStores {
  readonly accounts: AccountsSql;
  readonly sessions: SessionsSql;
  readonly alerts: AlertsSql;
  readonly tokens: TokensSql;
  readonly factors: FactorsSql;
  readonly passkeys: PasskeysSql;
  readonly reports: ReportsSql;
  readonly embedOrigins: EmbedOriginsSql;
  readonly accessAudit: AccessAuditSql;
  readonly service: ServiceSql;

  constructor(readonly sql: Executor) {
    this.accounts = new AccountsSql(sql);
    this.sessions = new SessionsSql(sql);
    this.alerts = new AlertsSql(sql);
    this.tokens = new TokensSql(sql);
    this.factors = new FactorsSql(sql);
    this.passkeys = new PasskeysSql(sql);
    this.reports = new ReportsSql(sql);
    this.embedOrigins = new EmbedOriginsSql(sql, (tx) => this.announceEmbedOrigins(tx));
    this.accessAudit = new AccessAuditSql(sql);
    this.service = new ServiceSql(sql, (...args) => this.monthTallies(...args));
  }

  getMeta(key: string): Promise<string | undefined> {
    return this.sql.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key]).then((row) => row?.value);
  }

  async setMetaOnce(key: string, value: string): Promise<void> {
    await this.sql.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', [key, value]);
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.sql.run(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      [key, value],
    );
  }

  /** One page of the audit, its tables merged newest first. */
  readAudit(query: AuditQuery): Promise<AuditEntry[]> {
    return readAudit(this.sql, query);
  }

  /**
   * Deletes the audit's entries (status updates, imports, decisions on holds) and the feed's holds decided before the
   * last `retentionDays`, a hold still waiting or still keeping machines aside; answers how many. It takes no write
   * lock: the audit is not part of the list, and a prune must not wait for an import.
   */
  pruneAudit(retentionDays: number, now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - retentionDays * MS_PER_DAY).toISOString();
    return this.sql.transaction(async (tx) => {
      let deleted = 0;
      for (const table of AUDIT_TABLES) deleted += await tx.run(`DELETE FROM ${table} WHERE at < ?`, [cutoff]);
      return deleted + (await tx.run(PRUNE_HOLDS_SQL, [cutoff]));
    });
  }

  /** The month's service tallies in the engine's own SQL (stores/service.ts). */
  protected abstract readonly monthTallies: MonthTally;

  /** Tells the other instances that the embed origins changed, inside the change's transaction. */
  protected async announceEmbedOrigins(_tx: Executor): Promise<void> {}
}
