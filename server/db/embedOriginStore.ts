import type { EmbedOrigin } from '../../shared/contract/embedOrigins';
import type { AccessChange } from './accessAudit';
import { columnList } from './table';
import { EMBED_ORIGINS } from './tables';

/**
 * The host origins admins add in the console (decision 0073), each written with its audit entry in one transaction.
 * On PostgreSQL a change is announced to the other instances (NOTIFY), which read the list again.
 */
export interface EmbedOriginStore {
  /** Oldest first. */
  list(): Promise<EmbedOrigin[]>;
  /** False, and nothing written, when it is there already or `max` are there. */
  add(origin: EmbedOrigin, max: number, change: AccessChange): Promise<'added' | 'taken' | 'full'>;
  /** False, and nothing written, when it is not there. */
  remove(origin: string, change: AccessChange): Promise<boolean>;
}

export interface EmbedOriginRow {
  origin: string;
  added_at: string;
  added_by: string;
}

export const EMBED_ORIGIN_COLUMNS = columnList(EMBED_ORIGINS);
export const toEmbedOrigin = (row: EmbedOriginRow): EmbedOrigin => ({
  origin: row.origin,
  addedAt: row.added_at,
  addedBy: row.added_by,
});
