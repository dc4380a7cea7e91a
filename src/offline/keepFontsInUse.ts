/**
 * Asks the service worker for the font files this page has already used, so that it keeps them for an offline
 * visit: the first page loads its fonts before the worker controls it. They come from the HTTP cache.
 */
export async function keepFontsInUse(container: ServiceWorkerContainer): Promise<void> {
  await container.ready;
  if (!container.controller) {
    await new Promise((resolve) => container.addEventListener('controllerchange', resolve, { once: true }));
  }
  const fonts = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => isOwnFontFile(url, window.location.origin));
  await Promise.all(fonts.map((url) => fetch(url).catch(() => undefined)));
}

export function isOwnFontFile(url: string, origin: string): boolean {
  const parsed = new URL(url);
  return parsed.origin === origin && parsed.pathname.startsWith('/assets/') && parsed.pathname.endsWith('.woff2');
}
