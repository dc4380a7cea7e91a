import { atom } from 'jotai';

/** Each machine's open reports, of the person's districts: the fleet table's and the machine page's counts. */
export const reportCountsAtom = atom<Readonly<Record<string, number>>>({});
reportCountsAtom.debugLabel = 'reportCounts';
