import type { Executor } from '../executor';
import { AccountsSql } from './accounts';
import { AlertsSql } from './alerts';
import { FactorsSql } from './factors';
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
  readonly reports: ReportsSql;
  readonly accessAudit: AccessAuditSql;
  readonly service: ServiceSql;

  constructor(readonly sql: Executor) {
    this.accounts = new AccountsSql(sql);
    this.sessions = new SessionsSql(sql);
    this.alerts = new AlertsSql(sql);
    this.tokens = new TokensSql(sql);
    this.factors = new FactorsSql(sql);
    this.reports = new ReportsSql(sql);
    this.accessAudit = new AccessAuditSql(sql);
    this.service = new ServiceSql(sql);
  }
}
