import type { AppStore } from '../store';
import { localeAtom } from '../i18n/localeAtom';
import { runtimeConfig } from '../runtimeConfig';
import { fontSizeAtom } from '../settings/fontSizeAtom';
import { listenToHost } from './hostListener';
import type { HostSettings } from './hostMessage';

export function applyHostSettings(store: AppStore, settings: HostSettings): void {
  if (settings.locale) store.set(localeAtom, settings.locale);
  if (settings.fontSize) store.set(fontSizeAtom, settings.fontSize);
}

/** Lets the parent window change the language and text size live (docs/spec.md#embedding), from the first moment. */
export function startHostListener(store: AppStore, win: Window = window): () => void {
  return listenToHost(win, runtimeConfig().embedOrigins, (settings) => applyHostSettings(store, settings));
}
