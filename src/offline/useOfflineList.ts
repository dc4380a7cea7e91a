import { useKeepLastList } from './useKeepLastList';
import { useReloadWhenOnline } from './useReloadWhenOnline';

/** The list across a lost network: kept after each load, fetched afresh when the network returns. */
export function useOfflineList(): void {
  useKeepLastList();
  useReloadWhenOnline();
}
