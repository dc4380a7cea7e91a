import { atom } from 'jotai';

/** The machine whose photo dialog is open. */
export const photoMachineIdAtom = atom<string | null>(null);
photoMachineIdAtom.debugLabel = 'photoMachineId';
