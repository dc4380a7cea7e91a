import { atom } from 'jotai';

export interface KioskSettings {
  /** How often machine data is reloaded, without the blocking overlay. */
  refreshMs: number;
  /** How long without a touch, click, key or wheel before the page returns to its start. */
  idleMs: number;
  /** Where the kiosk stands, [latitude, longitude] (`?here=` or RVM_KIOSK_HERE); null when it was not told. */
  here: [number, number] | null;
}

/** Kiosk mode (`?kiosk=1`); null on an ordinary page. */
export const kioskAtom = atom<KioskSettings | null>(null);
kioskAtom.debugLabel = 'kiosk';

export const isKioskAtom = atom((get) => get(kioskAtom) !== null);
isKioskAtom.debugLabel = 'isKiosk';

/** Where the kiosk stands, or null: not a kiosk, or a kiosk that was not told its place. */
export const kioskHereAtom = atom((get) => get(kioskAtom)?.here ?? null);
kioskHereAtom.debugLabel = 'kioskHere';
