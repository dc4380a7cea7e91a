import { useKeepLastList } from './useKeepLastList';
import { useReloadWhenOnline } from './useReloadWhenOnline';
import { useRetryWhileUnreachable } from './useRetryWhileUnreachable';

/** The list across a lost network: kept after each load, fetched afresh when the network or the server returns. */
export function useOfflineList(): void {
  useKeepLastList();
  useReloadWhenOnline();
  useRetryWhileUnreachable();
}
