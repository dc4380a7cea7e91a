import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { ListState } from '../kit/ListState';
import { usePagedList } from '../kit/usePagedList';
import { useConsoleCall } from '../session/ConsoleApi';
import { sessionAtom } from '../session/sessionAtoms';
import { fetchAlertHistory } from './alertCalls';
import { AlertRules } from './AlertRules';
import { AlertsTable } from './AlertsTable';
import { useOpenAlerts } from '../openAlerts/useOpenAlerts';
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
  const { alerts, failure } = useOpenAlerts();
  return (
    <Stack gap="sm">
      <ListState items={alerts} failure={failure} failed={t('alerts.loadFailed')} empty={t('alerts.noneOpen')}>
        {(open) => (
          <>
            <Text aria-live="polite">{t('alerts.openCount', { count: open.length })}</Text>
            <AlertsTable alerts={open} label={t('alerts.open')} closed={false} />
          </>
        )}
      </ListState>
    </Stack>
  );
}

function AlertHistory() {
  const t = useConsoleT();
  const call = useConsoleCall();
  const list = usePagedList(
    useCallback(
      async (before: string | null) => {
        const page = await fetchAlertHistory(call, before, HISTORY_PAGE);
        return { items: page.alerts, next: page.next };
      },
      [call],
    ),
  );
  return (
    <Stack gap="sm">
      <ListState
        items={list.items}
        failure={list.failure}
        failed={t('alerts.loadFailed')}
        empty={t('alerts.noneClosed')}
        more={list.next === null ? null : { label: t('alerts.more'), busy: list.busy, onMore: () => void list.more() }}
      >
        {(closed) => <AlertsTable alerts={closed} label={t('alerts.history')} closed />}
      </ListState>
    </Stack>
  );
}
