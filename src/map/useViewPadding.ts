import { useAtomValue } from 'jotai';
import { FIT_PADDING_NONE_PX, FIT_PADDING_PANEL_OPEN_PX } from '../config';
import { panelOpenAtom } from '../filters/filterPanelAtom';
import { useIsMobile } from '../ui/useIsMobile';
import type { ViewPadding } from './popupInView';

/** The map's edges that something covers: the desktop's filter panel on the right while it is open. */
export function useViewPadding(): ViewPadding {
  const panelOpen = useAtomValue(panelOpenAtom);
  const isMobile = useIsMobile();
  return !isMobile && panelOpen ? FIT_PADDING_PANEL_OPEN_PX : FIT_PADDING_NONE_PX;
}
