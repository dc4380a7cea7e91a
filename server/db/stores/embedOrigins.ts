import type { EmbedOrigin } from '../../../shared/contract/embedOrigins';
import type { AccessChange } from '../accessAudit';
import * as rec from '../embedOriginStore';
import type { EmbedOriginStore } from '../embedOriginStore';
import type { Executor } from '../executor';
import { CHANGE_COLUMNS, changeValues } from '../tokenRecord';

/** Any number: adds take it so that two instances cannot both pass the count. */
const EMBED_ORIGINS_LOCK = 0x72766d18;

/**
 * The host origins added in the console. A change is announced with `announce` in its transaction, so other
 * instances (PostgreSQL's) hear of it once it is committed and read the list again.
 */
export class EmbedOriginsSql implements EmbedOriginStore {
  constructor(
    private readonly db: Executor,
    private readonly announce: (tx: Executor) => Promise<void>,
  ) {}

  async list(): Promise<EmbedOrigin[]> {
    const rows = await this.db.all<rec.EmbedOriginRow>(
      `SELECT ${rec.EMBED_ORIGIN_COLUMNS} FROM embed_origins ORDER BY added_at, origin`,
    );
    return rows.map(rec.toEmbedOrigin);
  }

  add(origin: EmbedOrigin, max: number, change: AccessChange): Promise<'added' | 'taken' | 'full'> {
    return this.db.transaction(async (tx) => {
      await tx.lock(EMBED_ORIGINS_LOCK);
      if (await tx.get('SELECT 1 FROM embed_origins WHERE origin = ?', [origin.origin])) return 'taken';
      const count = await tx.get<{ n: number | string }>('SELECT count(*) AS n FROM embed_origins');
      if (Number(count?.n) >= max) return 'full';
      await tx.run(`INSERT INTO embed_origins (${rec.EMBED_ORIGIN_COLUMNS}) VALUES (?, ?, ?)`, [
        origin.origin,
        origin.addedAt,
        origin.addedBy,
      ]);
      await this.changed(tx, change);
      return 'added';
    });
  }

  remove(origin: string, change: AccessChange): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if ((await tx.run('DELETE FROM embed_origins WHERE origin = ?', [origin])) === 0) return false;
      await this.changed(tx, change);
      return true;
    });
  }

  private async changed(tx: Executor, change: AccessChange): Promise<void> {
    await tx.run(`INSERT INTO access_audit (${CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`, changeValues(change));
    await this.announce(tx);
  }
}
