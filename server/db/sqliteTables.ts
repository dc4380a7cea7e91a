/** A copy of the SQLite database into PostgreSQL that cannot go ahead: nothing was copied. */
export class CopyError extends Error {
  override name = 'CopyError';
}

export type TableRow = Record<string, unknown>;

/**
 * Every table of an SQLite database, read whole for `npm run copy-to-postgres`: each row as SQLite stores it, but
 * for the history's and the accounts' flags, read as booleans, and the accounts' and tokens' districts as arrays.
 */
export interface SqliteTables {
  machines: TableRow[];
  files: TableRow[];
  statusAudit: TableRow[];
  importAudit: TableRow[];
  meta: TableRow[];
  history: TableRow[];
  feedPhotos: TableRow[];
  feedHolds: TableRow[];
  /** Admins' decisions on the holds, as the audit shows them. */
  holdAudit: TableRow[];
  feedBaseline: TableRow[];
  /** The console's accounts; their sessions and failed sign-ins are not copied (people sign in again). */
  accounts: TableRow[];
  /** Their authenticator apps (secrets sealed, copied as they are: the same RVM_FACTOR_KEY opens them) and recovery codes. */
  totpFactors: TableRow[];
  recoveryCodes: TableRow[];
  /** Their passkeys (public keys and counters; the same origin signs in with them on the copy). */
  passkeys: TableRow[];
  /** The named API tokens, revoked ones too, with their ids: a controller's token works on the copy. */
  apiTokens: TableRow[];
  /** The audit of changes to people and tokens, with its ids. */
  accessAudit: TableRow[];
  /** The alert rules, alerts (open and closed), webhooks (with their secrets) and their delivery log. */
  alertRules: TableRow[];
  alerts: TableRow[];
  webhooks: TableRow[];
  webhookDeliveries: TableRow[];
  /** Visitors' problem reports, with their ids. */
  problemReports: TableRow[];
  /** The host origins admins added in the console. */
  embedOrigins: TableRow[];
  /** The service episodes kept with the history (decision 0074), copied rather than made again. */
  serviceEpisodes: TableRow[];
}

/** Rows in all the tables together. */
export const rowsIn = (tables: SqliteTables): number =>
  Object.values(tables).reduce((sum, rows: readonly TableRow[]) => sum + rows.length, 0);
