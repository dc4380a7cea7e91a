import type pg from 'pg';
import type { EmbedOrigin } from '../../../shared/contract/embedOrigins';
import type { AccessChange } from '../accessAudit';
import * as rec from '../embedOriginStore';
import type { EmbedOriginStore } from '../embedOriginStore';
import { CHANGE_COLUMNS, changeValues } from '../tokenRecord';
import { inTransaction, type Queryable } from './pool';

/** Any number: adds take it so that two instances cannot both pass the count. */
const EMBED_ORIGINS_LOCK = 0x72766d18;

/**
 * PostgreSQL's host origins added in the console. A change is announced with `notify` in its transaction, so the
 * other instances hear of it once it is committed, and read the list again.
 */
export class PgEmbedOriginStore implements EmbedOriginStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly notify: (client: Queryable) => Promise<void>,
  ) {}

  async list(): Promise<EmbedOrigin[]> {
    const { rows } = await this.pool.query<rec.EmbedOriginRow>(
      `SELECT ${rec.EMBED_ORIGIN_COLUMNS} FROM embed_origins ORDER BY added_at, origin`,
    );
    return rows.map(rec.toEmbedOrigin);
  }

  add(origin: EmbedOrigin, max: number, change: AccessChange): Promise<'added' | 'taken' | 'full'> {
    return inTransaction(this.pool, {}, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [EMBED_ORIGINS_LOCK]);
      const { rows } = await client.query<{ n: number; taken: boolean }>(
        'SELECT count(*)::int AS n, bool_or(origin = $1) AS taken FROM embed_origins',
        [origin.origin],
      );
      if (rows[0]!.taken) return 'taken';
      if (rows[0]!.n >= max) return 'full';
      await client.query(`INSERT INTO embed_origins (${rec.EMBED_ORIGIN_COLUMNS}) VALUES ($1, $2, $3)`, [
        origin.origin,
        origin.addedAt,
        origin.addedBy,
      ]);
      await this.audit(client, change);
      await this.notify(client);
      return 'added';
    });
  }

  remove(origin: string, change: AccessChange): Promise<boolean> {
    return inTransaction(this.pool, {}, async (client) => {
      const removed = await client.query('DELETE FROM embed_origins WHERE origin = $1', [origin]);
      if (removed.rowCount === 0) return false;
      await this.audit(client, change);
      await this.notify(client);
      return true;
    });
  }

  private async audit(client: Queryable, change: AccessChange): Promise<void> {
    await client.query(
      `INSERT INTO access_audit (${CHANGE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      changeValues(change),
    );
  }
}
