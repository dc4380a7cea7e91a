import { MantineProvider } from '@mantine/core';
import { Provider, type createStore } from 'jotai';
import type { ReactNode } from 'react';

/** The providers a hook of the page runs under, over the given store: for `renderHook(..., { wrapper })`. */
export function storeWrapper(store: ReturnType<typeof createStore>) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <MantineProvider env="test">{children}</MantineProvider>
      </Provider>
    );
  };
}
