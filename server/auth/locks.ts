import { throttleKeyAccount } from '../accounts/throttle';
import type { SessionStore } from '../db/accountStore';

/**
 * Each name some count of wrong passwords locks at `now` (from an address, a browser, or every client it has not
 * signed in from), with the latest time one of its locks ends: what the People page shows and Unlock ends.
 */
export async function lockedNames(store: SessionStore, now: Date): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const { key, lockedUntil } of await store.locks(now)) {
    const name = throttleKeyAccount(key);
    if (name === null) continue;
    const known = names.get(name);
    if (known === undefined || lockedUntil > known) names.set(name, lockedUntil);
  }
  return names;
}
