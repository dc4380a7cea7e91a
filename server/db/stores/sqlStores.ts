import type { Executor } from '../executor';
import { AccountsSql } from './accounts';
import { AlertsSql } from './alerts';
import { EmbedOriginsSql } from './embedOrigins';
import { FactorsSql } from './factors';
import { PasskeysSql } from './passkeys';
import { ReportsSql } from './reports';
import { ServiceSql } from './service';
import { SessionsSql } from './sessions';
import { AccessAuditSql, TokensSql } from './tokens';

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
    this.service = new ServiceSql(sql);
  }

  /** Tells the other instances that the embed origins changed, inside the change's transaction. */
  protected async announceEmbedOrigins(_tx: Executor): Promise<void> {}
}
