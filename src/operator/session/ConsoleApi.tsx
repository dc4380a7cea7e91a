import { useStore } from 'jotai';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Call } from '../../api/client';
import { createConsoleApi, type ConsoleApiOptions } from './startConsoleApi';

const ConsoleApiContext = createContext<Call | null>(null);

/** Gives the pages below the console's API client; the sign-in page's answers a 401 instead of going to sign in. */
export function ConsoleApi({
  onUnauthorized,
  children,
}: Pick<ConsoleApiOptions, 'onUnauthorized'> & { children: ReactNode }) {
  const store = useStore();
  const call = useMemo(() => createConsoleApi(store, { onUnauthorized }), [store, onUnauthorized]);
  return <ConsoleApiContext.Provider value={call}>{children}</ConsoleApiContext.Provider>;
}

export function useConsoleCall(): Call {
  const call = useContext(ConsoleApiContext);
  if (!call) throw new Error('useConsoleCall outside <ConsoleApi>');
  return call;
}
