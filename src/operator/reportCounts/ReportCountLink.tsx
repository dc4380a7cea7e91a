import { useAtomValue } from 'jotai';
import { ConsoleLink } from '../ConsoleLink';
import { useConsoleT } from '../i18n/useConsoleT';
import { reportCountsAtom } from './reportCountsAtom';
import { reportsPath } from './reportCountCalls';

/** "2 open reports", linking to the Reports page of the machine; nothing when it has none. */
export function ReportCountLink({ machineId, size = 'xs' }: { machineId: string; size?: 'xs' | 'sm' }) {
  const t = useConsoleT();
  const count = useAtomValue(reportCountsAtom)[machineId] ?? 0;
  if (count === 0) return null;
  return (
    <ConsoleLink to={reportsPath(machineId)} size={size} c="red.8" fw={600}>
      {t('reports.countLink', { count })}
    </ConsoleLink>
  );
}
