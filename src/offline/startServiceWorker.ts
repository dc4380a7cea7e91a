import { afterFirstViewWhenIdle } from '../pageLoad/firstView';
import { keepFontsInUse } from './keepFontsInUse';
import { SW_SCOPE, SW_URL } from './offlineConfig';

/**
 * Registers the service worker (sw.ts) once the page has loaded, the map's first view is complete and the browser is
 * idle, so that its precache does not compete with the page's own first downloads (the map's worker, its tiles).
 * Nothing in development (the dev server has no worker), nor where the page may not have one (no Service Worker
 * API, a sandboxed frame without its own origin).
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD) return;
  const container = serviceWorkerContainer();
  if (!container) return;
  const register = () => {
    container
      .register(SW_URL, { scope: SW_SCOPE })
      .then(() => keepFontsInUse(container))
      .catch(() => undefined);
  };
  const afterLoad = () => afterFirstViewWhenIdle(register);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

function serviceWorkerContainer(): ServiceWorkerContainer | null {
  try {
    return 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  } catch {
    // Reading it throws in an opaque-origin (sandboxed) frame.
    return null;
  }
}
