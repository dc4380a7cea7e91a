/**
 * The list call started from index.html itself (issue 25): a tiny inline script, first thing in <head>, starts
 * the very request the page's API client would make for the first list (POST /api/rvm/, `{}`, JSON) while the
 * page's own script is still downloading, and leaves its promise on `window`. The client takes it for its first
 * list call, once (src/api/earlyList.ts). The build puts the script into index.html (scripts/vite/earlyList.ts);
 * the server allows exactly this text in its CSP by its SHA-256 (server/security/csp.ts).
 *
 * Not started where the page's own first list would not be a call: on the login route and in the operator console
 * (no public list) and on a device that says it is offline (the page shows the list kept from the last visit and
 * makes no call). The script removes its own element once it has run: the page's DOM holds no inline script.
 */

/** The list call's URL, as the API client builds it (API_BASE_PATH + 'rvm/'). */
export const LIST_CALL_URL = '/api/rvm/';
/** The request the client sends for the list (method, headers, body), without its abort signal. */
export const LIST_CALL_INIT = {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: '{}',
} as const;
/** Where the early request's promise waits for the client. */
export const EARLY_LIST_GLOBAL = '__RVM_EARLY_LIST__';
/** The routes without the public list: the login route and the operator console (src/config.ts). */
const NO_LIST_PATHS = '/^\\/(login\\/*$|operator(\\/|$))/';

/** The inline script's exact text: the CSP hashes these bytes. ES5, so that it runs wherever the page's HTML does. */
export const EARLY_LIST_SCRIPT =
  '(function(){try{' +
  `if(!${NO_LIST_PATHS}.test(location.pathname)&&navigator.onLine!==false&&window.fetch){` +
  `var p=fetch(${JSON.stringify(LIST_CALL_URL)},${JSON.stringify(LIST_CALL_INIT)});` +
  'p.catch(function(){});' +
  `window.${EARLY_LIST_GLOBAL}=p;` +
  '}}catch(e){}' +
  'var s=document.currentScript;if(s&&s.parentNode)s.parentNode.removeChild(s);' +
  '})();';
