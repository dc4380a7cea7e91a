import { atom } from 'jotai';

const browserOnlineAtom = atom(typeof navigator === 'undefined' ? true : navigator.onLine);
browserOnlineAtom.debugLabel = 'browserOnline';
// Follows the browser's online and offline events while anyone reads it.
browserOnlineAtom.onMount = (set) => {
  const update = () => set(navigator.onLine);
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  update();
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
};

/** Whether the device has a network at all (navigator.onLine): false means no request can leave it. */
export const onlineAtom = atom((get) => get(browserOnlineAtom));
onlineAtom.debugLabel = 'online';
