import { Badge } from '@mantine/core';
import { ConsoleLink } from '../ConsoleLink';
import { alertsPath } from '../consolePaths';
import { useConsoleT } from '../i18n/useConsoleT';
import { useOpenAlerts } from './useOpenAlerts';

/** The fleet view's count of open alerts, a link to them; dark red while any is open (white on red.6 is 3.3:1). */
export function OpenAlertsBadge() {
  const t = useConsoleT();
  const { alerts } = useOpenAlerts();
  if (alerts === null) return null;
  return (
    <ConsoleLink to={alertsPath()} underline="never" aria-label={t('alerts.openCount', { count: alerts.length })}>
      <Badge
        color={alerts.length > 0 ? 'red.9' : 'gray'}
        variant={alerts.length > 0 ? 'filled' : 'light'}
        component="span"
      >
        {t('alerts.openCount', { count: alerts.length })}
      </Badge>
    </ConsoleLink>
  );
}
