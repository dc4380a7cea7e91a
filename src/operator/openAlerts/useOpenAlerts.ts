import { atom, useAtom } from 'jotai';
import { useCallback } from 'react';
import { useConsoleCall } from '../session/ConsoleApi';
import { usePolling } from '../usePolling';
import { fetchOpenAlerts, type Alert } from './openAlertCalls';

/** How often open alerts are asked for: the server evaluates every 30 s by default. */
export const OPEN_ALERTS_POLL_MS = 15_000;

/** The open alerts last read, shared by the alerts page and the fleet view's count; null before the first read. */
const openAlertsAtom = atom<Alert[] | null>(null);
openAlertsAtom.debugLabel = 'openAlerts';
/** Why the last read failed, or null. */
const openAlertsFailureAtom = atom<unknown>(null);
openAlertsFailureAtom.debugLabel = 'openAlertsFailure';

/** The open alerts, read now and every OPEN_ALERTS_POLL_MS while shown. */
export function useOpenAlerts(): { alerts: Alert[] | null; failure: unknown; reload: () => Promise<void> } {
  const call = useConsoleCall();
  const [alerts, setAlerts] = useAtom(openAlertsAtom);
  const [failure, setFailure] = useAtom(openAlertsFailureAtom);
  const reload = useCallback(async () => {
    try {
      setAlerts(await fetchOpenAlerts(call));
      setFailure(null);
    } catch (error) {
      setFailure(error);
    }
  }, [call, setAlerts, setFailure]);
  usePolling(reload, OPEN_ALERTS_POLL_MS);
  return { alerts, failure, reload };
}
