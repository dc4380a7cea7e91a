// Example host page for the RVM map: copy what you need.
// The map's messages: in  { locale: 'en' | 'zht' | 'zhs', fontSize: 'sm' | 'md' | 'lg' } (either or both)
//                     out { type: 'rvm:ready' } and { type: 'rvm:machine', machine }
(() => {
  'use strict';

  const LOG_TEXT_MAX = 200;
  const params = new URLSearchParams(window.location.search);
  // The map is on this server by default; ?src= embeds one from elsewhere.
  const src = new URL(params.get('src') || '/', window.location.href);
  const mapOrigin = src.origin;

  const iframe = document.getElementById('map');
  const log = document.getElementById('log');
  // ?sandbox=allow-scripts%20allow-popups frames the map with that sandbox. Without allow-same-origin the map has
  // no origin of its own (an opaque one): its messages come from origin "null", and only "*" reaches it.
  const sandbox = params.get('sandbox');
  if (sandbox !== null) iframe.setAttribute('sandbox', sandbox);
  const opaque = sandbox !== null && !sandbox.split(/\s+/).includes('allow-same-origin');
  const senderOrigin = opaque ? 'null' : mapOrigin;
  const targetOrigin = opaque ? '*' : mapOrigin;
  document.getElementById('map-origin').textContent = opaque
    ? `Map origin: ${mapOrigin}, sandboxed (its messages come from origin "null")`
    : `Map origin: ${mapOrigin}`;

  /** What the page saw, for a person at the console (or a test): every message in and out. */
  const host = { received: [], sent: [], send };
  window.rvmHost = host;

  function addLog(direction, text) {
    const item = document.createElement('li');
    item.textContent = `${direction} ${text.length > LOG_TEXT_MAX ? `${text.slice(0, LOG_TEXT_MAX)}…` : text}`;
    log.append(item);
  }

  function describe(data) {
    if (data && data.type === 'rvm:machine' && data.machine)
      return `rvm:machine ${data.machine.id} ${data.machine.name_en}`;
    if (data && typeof data.type === 'string') return data.type;
    return JSON.stringify(data) ?? String(data);
  }

  /**
   * Sends to the map's origin only, so nobody else can read it if the frame navigates away; '*' only to a map
   * sandboxed without an origin, which nothing else can name (the settings are nothing private).
   */
  function send(message) {
    iframe.contentWindow.postMessage(message, targetOrigin);
    host.sent.push(message);
    addLog('→', JSON.stringify(message) ?? String(message));
  }

  window.addEventListener('message', (event) => {
    // Only the map in our iframe, from the map's origin ("null" when sandboxed: then the source is what tells).
    if (event.source !== iframe.contentWindow || event.origin !== senderOrigin) return;
    host.received.push({ origin: event.origin, data: event.data });
    addLog('←', describe(event.data));
  });

  document.getElementById('locale').addEventListener('change', (event) => send({ locale: event.target.value }));
  document.getElementById('fontSize').addEventListener('change', (event) => send({ fontSize: event.target.value }));

  // Listen first, then load the map, so its rvm:ready cannot be missed.
  iframe.src = src.href;
})();
