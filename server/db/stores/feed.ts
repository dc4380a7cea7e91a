import type { Executor } from '../executor';
import type { FeedHold, FeedStore, HoldStatus } from '../feedStore';
import { SYNCED_AT_META_KEY } from '../metaKeys';
import { holdStatus, listHolds } from './feedHolds';

/**
 * The feed's reads that both engines make the same way. Each engine's feed store extends it with its writes, whose
 * machines' SQL is not on the executor yet.
 */
export abstract class FeedSql implements Pick<FeedStore, 'holdStatus' | 'holds' | 'storedPhotos' | 'lastSync'> {
  constructor(protected readonly sql: Executor) {}

  holdStatus(): Promise<HoldStatus> {
    return holdStatus(this.sql);
  }

  holds(limit: number): Promise<FeedHold[]> {
    return listHolds(this.sql, limit);
  }

  async storedPhotos(): Promise<ReadonlyMap<string, string>> {
    const rows = await this.sql.all<{ feed_id: string; file_id: string }>('SELECT feed_id, file_id FROM feed_photos');
    return new Map(rows.map((row) => [row.feed_id, row.file_id]));
  }

  async lastSync(): Promise<string | null> {
    const row = await this.sql.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [SYNCED_AT_META_KEY]);
    return row?.value ?? null;
  }
}
