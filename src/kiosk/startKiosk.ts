import type { RuntimeConfig } from '../runtimeConfig';
import { fontSizeAtom } from '../settings/fontSizeAtom';
import type { AppStore } from '../store';
import { kioskAtom } from './kioskAtom';
import { kioskFontSize, readKioskSettings } from './kioskSettings';

/** Turns kiosk mode on when the query asks for it; call after the ordinary query settings are applied. */
export function startKiosk(store: AppStore, search: string, config: RuntimeConfig): void {
  const settings = readKioskSettings(search, config);
  if (!settings) return;
  store.set(kioskAtom, settings);
  store.set(fontSizeAtom, kioskFontSize(search));
}
