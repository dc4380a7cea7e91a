import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { ConsoleLink } from '../ConsoleLink';
import { machinePath } from '../consolePaths';
import { useConsoleT } from '../i18n/useConsoleT';
import { ListState } from '../kit/ListState';
import { usePagedList } from '../kit/usePagedList';
import { useConsoleCall } from '../session/ConsoleApi';
import { useShowTime } from '../useShowTime';
import {
  accessChange,
  accessChangeText,
  auditCsvUrl,
  changedFields,
  detailLines,
  fetchAuditPage,
  holdDecision,
  holdDecisionText,
  type AuditEntry,
  type AuditFilter,
} from './auditEntries';
import { ConsoleRow, ConsoleTable } from '../ConsoleTable';

const NO_FILTER: AuditFilter = { person: '', machine: '' };

function filterFromAddress(): AuditFilter {
  const params = new URLSearchParams(window.location.search);
  return { person: params.get('person') ?? '', machine: params.get('machine') ?? '' };
}

/** Who changed what, when and from which address; filtered by person and machine, newest first, and as CSV. */
export function AuditPage() {
  const t = useConsoleT();
  const call = useConsoleCall();
  const [typed, setTyped] = useState<AuditFilter>(filterFromAddress);
  const [filter, setFilter] = useState<AuditFilter>(typed);
  const list = usePagedList(
    useCallback(
      async (before: string | null) => {
        const page = await fetchAuditPage(call, filter, before);
        return { items: page.entries, next: page.next };
      },
      [call, filter],
    ),
  );

  const apply = (chosen: AuditFilter) => {
    setTyped(chosen);
    setFilter(chosen);
    // The filters stay in the address: a reload or a shared link shows the same changes.
    const url = new URL(window.location.href);
    for (const name of ['person', 'machine'] as const) {
      if (chosen[name].trim()) url.searchParams.set(name, chosen[name].trim());
      else url.searchParams.delete(name);
    }
    window.history.replaceState(window.history.state, '', url.pathname + url.search);
  };

  return (
    <Stack gap="md">
      <Title order={2}>{t('audit.title')}</Title>
      <form
        role="search"
        aria-label={t('audit.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          apply(typed);
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('audit.person')}
            value={typed.person}
            onChange={(event) => setTyped({ ...typed, person: event.currentTarget.value })}
          />
          <TextInput
            label={t('audit.machine')}
            value={typed.machine}
            onChange={(event) => setTyped({ ...typed, machine: event.currentTarget.value })}
          />
          <Button type="submit">{t('audit.apply')}</Button>
          <Button variant="subtle" onClick={() => apply(NO_FILTER)}>
            {t('audit.clear')}
          </Button>
          <Anchor href={auditCsvUrl(filter)} download>
            {t('audit.download')}
          </Anchor>
        </Group>
      </form>
      <ListState
        items={list.items}
        failure={list.failure}
        failed={t('audit.loadFailed')}
        loading={t('audit.loading')}
        empty={t('audit.empty')}
        more={list.next === null ? null : { label: t('audit.more'), busy: list.busy, onMore: () => void list.more() }}
      >
        {(entries) => <AuditTable entries={entries} />}
      </ListState>
    </Stack>
  );
}

const KIND_LABELS = {
  update: 'audit.kinds.update',
  import: 'audit.kinds.import',
  hold: 'audit.kinds.hold',
  access: 'audit.kinds.access',
} as const;

/**
 * What an entry changed: an admin's decision on a held sync in words, a change to people or settings in words with
 * its fields, a machine's fields one per line.
 */
function EntryChange({ entry }: { entry: AuditEntry }) {
  const t = useConsoleT();
  const decision = holdDecision(entry);
  if (decision) {
    const { key, params } = holdDecisionText(decision);
    return <Text size="sm">{t(key, params)}</Text>;
  }
  const change = accessChange(entry);
  if (change) {
    const { key, params } = accessChangeText(change);
    return (
      <>
        <Text size="sm">{t(key, params)}</Text>
        {detailLines(change.detail, show).map((line) => (
          <Text size="sm" key={line}>
            {line}
          </Text>
        ))}
      </>
    );
  }
  return changedFields(entry.before, entry.after).map((change) => (
    <Text size="sm" key={change.field}>
      {change.field}: {show(change.from)} → {show(change.to)}
    </Text>
  ));
}

function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const t = useConsoleT();
  const kindLabel = (kind: string) => (kind in KIND_LABELS ? t(KIND_LABELS[kind as keyof typeof KIND_LABELS]) : kind);
  const time = useShowTime();
  return (
    <ConsoleTable
      columns={[t('audit.at'), t('audit.actor'), t('audit.address'), t('audit.machine'), t('audit.change')]}
      minWidth={720}
      striped
      highlightOnHover
      aria-label={t('audit.table')}
    >
      {entries.map((entry) => {
        return (
          <ConsoleRow key={entry.id}>
            <Table.Td>{time(entry.at)}</Table.Td>
            <Table.Td>{entry.actorKind === 'token' ? t('audit.token', { name: entry.actor }) : entry.actor}</Table.Td>
            <Table.Td>{entry.address || t('audit.none')}</Table.Td>
            <Table.Td>
              {entry.machineId ? (
                <ConsoleLink to={machinePath(entry.machineId)}>{entry.machineId}</ConsoleLink>
              ) : (
                t('audit.none')
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={600}>
                {kindLabel(entry.kind)}
              </Text>
              <EntryChange entry={entry} />
            </Table.Td>
          </ConsoleRow>
        );
      })}
    </ConsoleTable>
  );
}

const show = (value: unknown): string => (value === undefined ? '∅' : JSON.stringify(value));
