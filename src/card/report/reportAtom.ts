import { atom } from 'jotai';

/** The machine whose problem report form is open. */
export const reportMachineIdAtom = atom<string | null>(null);
reportMachineIdAtom.debugLabel = 'reportMachineId';
