import { atom } from 'jotai';

/** The machine whose popup is open. */
export const selectedMachineIdAtom = atom<string | null>(null);
selectedMachineIdAtom.debugLabel = 'selectedMachineId';

/** A request for the map to fly to a machine and open its popup; `seq` makes a repeat request for the same machine new. */
export const focusRequestAtom = atom<{ id: string; seq: number } | null>(null);
focusRequestAtom.debugLabel = 'focusRequest';

export const requestFocusAtom = atom(null, (_get, set, id: string) => {
  set(focusRequestAtom, (previous) => ({ id, seq: (previous?.seq ?? 0) + 1 }));
});
