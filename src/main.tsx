import '@fontsource-variable/inter';
import './mantineStyles.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createStore } from 'jotai';
import { App } from './App';
import { createAppApi } from './appApi';
import { apiAtom } from './api/apiAtom';
import { startHostListener } from './embed/startHostListener';
import { startKiosk } from './kiosk/startKiosk';
import { startServiceWorker } from './offline/startServiceWorker';
import { runtimeConfig } from './runtimeConfig';
import { localeAtom } from './i18n/localeAtom';
import { loadFirstListAtom } from './offline/firstListAtom';
import { routeAtom } from './router/routeAtom';
import { fontSizeAtom } from './settings/fontSizeAtom';
import { readUrlSettings } from './settings/urlSettings';

const store = createStore();
const settings = readUrlSettings(window.location.search);
store.set(localeAtom, settings.locale);
store.set(fontSizeAtom, settings.fontSize);
startKiosk(store, window.location.search, runtimeConfig(), document.documentElement);
startHostListener(store);
store.set(apiAtom, { call: createAppApi(store) });
startServiceWorker();

// How long the first render waits for the list (index.html asked for it before this script ran), so that the
// first render draws the machines rather than an empty panel followed by a second render; a slow answer never
// holds the page back longer than this.
const FIRST_LIST_WAIT_MS = 200;

function renderPage(): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}

if (store.get(routeAtom) === 'map') {
  const firstList = store.set(loadFirstListAtom).catch(() => undefined);
  void Promise.race([firstList, new Promise((resolve) => setTimeout(resolve, FIRST_LIST_WAIT_MS))]).then(renderPage);
} else {
  renderPage();
}
