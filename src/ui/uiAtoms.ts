import { atom } from 'jotai';

/** Desktop filter panel (and the mobile filter sheet): open or hidden. */
export const panelOpenAtom = atom(true);
panelOpenAtom.debugLabel = 'panelOpen';

export const mobileListOpenAtom = atom(false);
mobileListOpenAtom.debugLabel = 'mobileListOpen';

/** The machine whose popup is open. */
export const selectedMachineIdAtom = atom<string | null>(null);
selectedMachineIdAtom.debugLabel = 'selectedMachineId';

/** The machine whose photo dialog is open. */
export const photoMachineIdAtom = atom<string | null>(null);
photoMachineIdAtom.debugLabel = 'photoMachineId';

/** A request for the map to fly to a machine; `seq` makes a repeat request for the same machine new. */
export const focusRequestAtom = atom<{ id: string; seq: number } | null>(null);
focusRequestAtom.debugLabel = 'focusRequest';

let focusSeq = 0;
export const requestFocusAtom = atom(null, (_get, set, id: string) => {
  set(focusRequestAtom, { id, seq: ++focusSeq });
});
