import type { EmbedOrigin } from '../../../shared/contract/embedOrigins';
import type { AccessChange } from '../accessAudit';
import * as rec from '../embedOriginStore';
import type { EmbedOriginStore } from '../embedOriginStore';
import { CHANGE_COLUMNS, changeValues } from '../tokenRecord';
import type { Db } from './open';

/** SQLite's host origins added in the console: one instance, so nobody else to tell. */
export class SqliteEmbedOriginStore implements EmbedOriginStore {
  constructor(private readonly db: Db) {}

  async list(): Promise<EmbedOrigin[]> {
    const rows = this.db
      .prepare(`SELECT ${rec.EMBED_ORIGIN_COLUMNS} FROM embed_origins ORDER BY added_at, origin`)
      .all() as rec.EmbedOriginRow[];
    return rows.map(rec.toEmbedOrigin);
  }

  async add(origin: EmbedOrigin, max: number, change: AccessChange): Promise<'added' | 'taken' | 'full'> {
    const { db } = this;
    return db
      .transaction((): 'added' | 'taken' | 'full' => {
        if (db.prepare('SELECT 1 FROM embed_origins WHERE origin = ?').get(origin.origin)) return 'taken';
        if (Number(db.prepare('SELECT count(*) FROM embed_origins').pluck().get()) >= max) return 'full';
        db.prepare(`INSERT INTO embed_origins (${rec.EMBED_ORIGIN_COLUMNS}) VALUES (?, ?, ?)`).run(
          origin.origin,
          origin.addedAt,
          origin.addedBy,
        );
        this.audit(change);
        return 'added';
      })
      .immediate();
  }

  async remove(origin: string, change: AccessChange): Promise<boolean> {
    const { db } = this;
    return db
      .transaction(() => {
        if (db.prepare('DELETE FROM embed_origins WHERE origin = ?').run(origin).changes === 0) return false;
        this.audit(change);
        return true;
      })
      .immediate();
  }

  private audit(change: AccessChange): void {
    this.db
      .prepare(`INSERT INTO access_audit (${CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`)
      .run(...changeValues(change));
  }
}
