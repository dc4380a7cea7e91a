import { atom } from 'jotai';
import { resetFiltersAtom } from '../filters/filterAtoms';
import { requestViewResetAtom } from '../map/viewResetAtom';
import { mobileListOpenAtom } from './mobileListAtom';
import { panelOpenAtom } from '../filters/filterPanelAtom';
import { photoMachineIdAtom } from '../card/photoAtom';
import { selectedMachineIdAtom } from '../selection/selectionAtoms';

/** Puts the screen back as a new visitor finds it: filters, popup, photo, panels and the map view. */
export const resetToStartAtom = atom(null, (_get, set, { isMobile }: { isMobile: boolean }) => {
  set(resetFiltersAtom);
  set(selectedMachineIdAtom, null);
  set(photoMachineIdAtom, null);
  // The start state MapScreen sets: the panel open on desktop, closed on mobile.
  set(panelOpenAtom, !isMobile);
  set(mobileListOpenAtom, false);
  set(requestViewResetAtom);
});
