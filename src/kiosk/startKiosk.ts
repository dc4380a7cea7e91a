import type { RuntimeConfig } from '../runtimeConfig';
import { fontSizeAtom } from '../settings/fontSizeAtom';
import type { AppStore } from '../store';
import { kioskAtom } from './kioskAtom';
import { kioskFontSize, readKioskSettings } from './kioskSettings';

/**
 * Turns kiosk mode on when the query asks for it; call after the ordinary query settings are applied. The root
 * element's `data-kiosk` gives every touch target its kiosk size (global.css) from the first paint.
 */
export function startKiosk(store: AppStore, search: string, config: RuntimeConfig, root?: HTMLElement): void {
  const settings = readKioskSettings(search, config);
  if (!settings) return;
  store.set(kioskAtom, settings);
  store.set(fontSizeAtom, kioskFontSize(search));
  if (root) root.dataset.kiosk = 'true';
}
