import '@fontsource-variable/inter';
import '@fontsource-variable/noto-sans-tc';
import '@fontsource-variable/noto-sans-sc';
import '@mantine/core/styles.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createStore } from 'jotai';
import { App } from './App';
import { createAppApi } from './api/appApi';
import { apiAtom } from './api/apiAtom';
import { localeAtom } from './i18n/localeAtom';
import { fontSizeAtom } from './settings/fontSize';
import { readUrlSettings } from './settings/urlSettings';

const store = createStore();
const settings = readUrlSettings(window.location.search);
store.set(localeAtom, settings.locale);
store.set(fontSizeAtom, settings.fontSize);
store.set(apiAtom, { call: createAppApi(store) });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
