import { useSetAtom } from 'jotai';
import { useConsoleCall } from '../session/ConsoleApi';
import { usePolling } from '../usePolling';
import { reportCountsAtom } from './reportCountsAtom';
import { fetchReportCounts } from './reportCountCalls';

/** How often a page showing counts asks for them again. */
const COUNTS_POLL_MS = 60_000;

/** Keeps the open report counts current while a page that shows them is open; a failed read keeps the last. */
export function useReportCounts(): void {
  const call = useConsoleCall();
  const setCounts = useSetAtom(reportCountsAtom);
  usePolling(() => fetchReportCounts(call).then(setCounts, () => undefined), COUNTS_POLL_MS);
}
