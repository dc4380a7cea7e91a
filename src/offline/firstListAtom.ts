import { atom, type Getter, type Setter } from 'jotai';
import { apiAtom } from '../api/apiAtom';
import { ApiError, errorText } from '../api/client';
import { localeAtom } from '../i18n/localeAtom';
import { translateDynamic } from '../i18n/translate';
import {
  applyListAnswerAtom,
  machinesAtom,
  machinesFetchedAtAtom,
  machinesLoadStateAtom,
} from '../machines/machinesAtom';
import { showMessageAtom } from '../messages/messageAtom';
import { readLastList } from './lastList';
import { keptForUnreachableAtom } from './unreachableAtom';

const firstListLoadAtom = atom<Promise<void> | null>(null);

/** Shows the list kept from the last visit, with the time it was fetched: that time, or null when none is kept. */
async function showKeptList(set: Setter): Promise<number | null> {
  const kept = await readLastList();
  if (!kept) return null;
  set(machinesAtom, kept.machines);
  set(machinesFetchedAtAtom, kept.fetchedAt);
  set(machinesLoadStateAtom, 'loaded');
  return kept.fetchedAt;
}

/**
 * The list call as loadMachinesAtom makes it (its overlay, its message, the failed state), except when it gets no
 * answer at all (index.html's request and the page's own, src/api/earlyList.ts) and a list is kept: that list then,
 * marked as unreachable (listUnreachableAtom), with no message.
 */
async function loadOrKeep(get: Getter, set: Setter): Promise<void> {
  set(machinesLoadStateAtom, 'loading');
  try {
    set(applyListAnswerAtom, await get(apiAtom).call<unknown>('rvm/', {}, { throw_error: true }));
  } catch (error) {
    const unanswered = error instanceof ApiError && error.reason === 'network';
    const keptAt = unanswered ? await showKeptList(set) : null;
    if (keptAt !== null) return void set(keptForUnreachableAtom, keptAt);
    set(machinesLoadStateAtom, 'failed');
    // A 401 has already sent the visitor to the login route.
    if (error instanceof ApiError && error.status === 401) return;
    set(
      showMessageAtom,
      errorText(error, (key) => translateDynamic(get(localeAtom), key)),
    );
  }
}

/**
 * The page's first list, loaded once per page whoever asks first (the page's start, the map screen): the list
 * call's answer; on a device without a network, the list kept from the last visit, with the time it was fetched,
 * and no call that could only fail. On a device that says it is online but reaches nothing (a network without
 * internet, a server down), the kept list too, once the call got no answer.
 */
export const loadFirstListAtom = atom(null, (get, set): Promise<void> => {
  const started = get(firstListLoadAtom);
  if (started) return started;
  const load = (async () => {
    if (!navigator.onLine && (await showKeptList(set)) !== null) return;
    await loadOrKeep(get, set);
  })();
  set(firstListLoadAtom, load);
  return load;
});
