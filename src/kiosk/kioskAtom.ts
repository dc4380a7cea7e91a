import { atom } from 'jotai';

export interface KioskSettings {
  /** How often machine data is reloaded, without the blocking overlay. */
  refreshMs: number;
  /** How long without a touch, click, key or wheel before the page returns to its start. */
  idleMs: number;
}

/** Kiosk mode (`?kiosk=1`); null on an ordinary page. */
export const kioskAtom = atom<KioskSettings | null>(null);
kioskAtom.debugLabel = 'kiosk';

export const isKioskAtom = atom((get) => get(kioskAtom) !== null);
isKioskAtom.debugLabel = 'isKiosk';
