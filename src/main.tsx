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
import { fontSizeAtom } from './settings/fontSizeAtom';
import { readUrlSettings } from './settings/urlSettings';

const store = createStore();
const settings = readUrlSettings(window.location.search);
store.set(localeAtom, settings.locale);
store.set(fontSizeAtom, settings.fontSize);
startKiosk(store, window.location.search, runtimeConfig());
startHostListener(store);
store.set(apiAtom, { call: createAppApi(store) });
startServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
