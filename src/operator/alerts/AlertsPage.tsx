import { Alert as Notice, Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { Loading } from '../Loading';
import { useConsoleCall } from '../session/ConsoleApi';
import { sessionAtom } from '../session/sessionAtoms';
import { useErrorText } from '../useErrorText';
import { fetchAlertHistory, type Alert } from './alertCalls';
import { AlertRules } from './AlertRules';
import { AlertsTable } from './AlertsTable';
import { useOpenAlerts } from './useOpenAlerts';
import { Webhooks } from './Webhooks';

const TABS = ['open', 'history', 'rules', 'webhooks'] as const;
type Tab = (typeof TABS)[number];
/** Closed alerts per page. */
const HISTORY_PAGE = 50;

/** The tab the address names (`?tab=`), so a reload or a shared link shows the same one. */
function tabFromAddress(admin: boolean): Tab {
  const named = TABS.find((tab) => tab === new URLSearchParams(window.location.search).get('tab')) ?? 'open';
  return !admin && (named === 'rules' || named === 'webhooks') ? 'open' : named;
}

/** Open alerts, the closed ones, and for admins the rules and the webhooks with their delivery log. */
export function AlertsPage() {
  const t = useConsoleT();
  const admin = useAtomValue(sessionAtom)?.role === 'admin';
  const [tab, setTab] = useState<Tab>(() => tabFromAddress(admin));

  const choose = (value: string | null) => {
    const chosen = TABS.find((known) => known === value) ?? 'open';
    setTab(chosen);
    const url = new URL(window.location.href);
    if (chosen === 'open') url.searchParams.delete('tab');
    else url.searchParams.set('tab', chosen);
    window.history.replaceState(window.history.state, '', url.pathname + url.search);
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('alerts.title')}</Title>
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="open">{t('alerts.open')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('alerts.history')}</Tabs.Tab>
          {admin && <Tabs.Tab value="rules">{t('alerts.rules')}</Tabs.Tab>}
          {admin && <Tabs.Tab value="webhooks">{t('alerts.webhooks')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="open" pt="md">
          <OpenAlerts />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <AlertHistory />
        </Tabs.Panel>
        {admin && (
          <Tabs.Panel value="rules" pt="md">
            <AlertRules />
          </Tabs.Panel>
        )}
        {admin && (
          <Tabs.Panel value="webhooks" pt="md">
            <Webhooks />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

function OpenAlerts() {
  const t = useConsoleT();
  const errorText = useErrorText();
  const { alerts, failure } = useOpenAlerts();
  return (
    <Stack gap="sm">
      {failure !== null && (
        <Notice color="red" role="alert">
          {t('alerts.loadFailed')} {errorText(failure)}
        </Notice>
      )}
      {alerts === null ? (
        failure === null && <Loading />
      ) : alerts.length === 0 ? (
        <Text>{t('alerts.noneOpen')}</Text>
      ) : (
        <>
          <Text aria-live="polite">{t('alerts.openCount', { count: alerts.length })}</Text>
          <AlertsTable alerts={alerts} label={t('alerts.open')} closed={false} />
        </>
      )}
    </Stack>
  );
}

function AlertHistory() {
  const t = useConsoleT();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const [alerts, setAlerts] = useState<Alert[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const load = useCallback(
    async (before: string | null) => {
      setBusy(true);
      setFailure(null);
      try {
        const page = await fetchAlertHistory(call, before, HISTORY_PAGE);
        setAlerts((shown) => (before === null ? page.alerts : [...(shown ?? []), ...page.alerts]));
        setNext(page.next);
      } catch (error) {
        setFailure(error);
      } finally {
        setBusy(false);
      }
    },
    [call],
  );
  useEffect(() => void load(null), [load]);
  return (
    <Stack gap="sm">
      {failure !== null && (
        <Notice color="red" role="alert">
          {t('alerts.loadFailed')} {errorText(failure)}
        </Notice>
      )}
      {alerts === null ? (
        failure === null && <Loading />
      ) : alerts.length === 0 ? (
        <Text>{t('alerts.noneClosed')}</Text>
      ) : (
        <AlertsTable alerts={alerts} label={t('alerts.history')} closed />
      )}
      {next !== null && (
        <Button variant="default" loading={busy} onClick={() => void load(next)} style={{ alignSelf: 'flex-start' }}>
          {t('alerts.more')}
        </Button>
      )}
    </Stack>
  );
}
