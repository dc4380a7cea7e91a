import { isBusyError as isSqliteBusy } from './sqlite/open';
import { isPgBusyError } from './pg/pool';

/** What a 503 for a busy database asks the client to wait, seconds: an import holds the lock about a second. */
export const BUSY_RETRY_AFTER_S = 1;

/** The database is busy (another writer holds the lock) or briefly away, whichever engine: worth a retry. */
export function isBusyError(error: unknown): boolean {
  return isSqliteBusy(error) || isPgBusyError(error);
}
