import { useAtomValue } from 'jotai';
import { kioskAtom } from '../kiosk/kioskAtom';
import { useIdleReset } from './useIdleReset';
import { useKioskRefresh } from '../kiosk/useKioskRefresh';

/** Kiosk behaviour for the map screen: live statuses and a return to start when left alone. Off otherwise. */
export function useKiosk(): void {
  const kiosk = useAtomValue(kioskAtom);
  useKioskRefresh(kiosk?.refreshMs ?? null);
  useIdleReset(kiosk?.idleMs ?? null);
}
