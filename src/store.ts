import type { createStore } from 'jotai';

export type AppStore = ReturnType<typeof createStore>;
