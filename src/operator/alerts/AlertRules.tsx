import { Button, Fieldset, Group, NativeSelect, NumberInput, Stack, Switch, Table, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { DISTRICTS, type District } from '../../../shared/machine';
import { useConsoleT } from '../i18n/useConsoleT';
import { useDistrictName } from '../useDistrictName';
import { Loading } from '../Loading';
import { useConsoleCall } from '../session/ConsoleApi';
import {
  ALERT_KINDS,
  amountOf,
  deleteRule,
  fetchRules,
  minutesOf,
  saveRule,
  usesHours,
  type AlertKind,
  type AlertRule,
} from './alertCalls';
import { ConfirmDialog } from '../ConfirmDialog';
import { ListMessageText } from './ListMessageText';
import { useListChanges } from './useListChanges';
import { ConsoleRow, ConsoleTable } from '../ConsoleTable';

interface Draft {
  id: number | null;
  kind: AlertKind;
  /** Minutes, or hours for maintenance; a string while it is typed. */
  amount: number | string;
  /** '' for every district. */
  district: District | '';
  enabled: boolean;
}

const NEW_RULE: Draft = { id: null, kind: 'machineFull', amount: 120, district: '', enabled: true };
/** The most a rule may wait, as the server keeps it: 30 days. */
const MAX_MINUTES = 30 * 24 * 60;

/** The alert rules (admins): each with its wait and district, added, changed and deleted here. */
export function AlertRules() {
  const t = useConsoleT();
  const districtName = useDistrictName();
  const call = useConsoleCall();
  const [draft, setDraft] = useState<Draft>(NEW_RULE);
  const [deleting, setDeleting] = useState<AlertRule | null>(null);

  const { items: rules, busy, message, act: run } = useListChanges(useCallback(() => fetchRules(call), [call]));
  const act = (work: () => Promise<void>, done: string) =>
    run(work, done, { onDone: () => setDraft(NEW_RULE), onSettled: () => setDeleting(null) });

  const amount = Number(draft.amount);
  const maxAmount = usesHours(draft.kind) ? MAX_MINUTES / 60 : MAX_MINUTES;
  const amountValid = Number.isInteger(amount) && amount >= 1 && amount <= maxAmount;
  const waitLabel = usesHours(draft.kind) ? t('alerts.hours') : t('alerts.minutes');
  const districtOrAll = (district: string | null) => (district ? districtName(district) : t('alerts.allDistricts'));

  return (
    <Stack gap="md">
      <ListMessageText message={message} />
      {rules === null ? (
        <Loading />
      ) : rules.length === 0 ? (
        <Text>{t('alerts.noRules')}</Text>
      ) : (
        <ConsoleTable
          columns={[t('alerts.kind'), t('alerts.wait'), t('alerts.district'), t('alerts.enabled'), t('alerts.actions')]}
          minWidth={560}
          striped
          aria-label={t('alerts.rules')}
        >
          {rules.map((rule) => (
            <ConsoleRow key={rule.id}>
              <Table.Td>{t(`alerts.kinds.${rule.kind}`)}</Table.Td>
              <Table.Td>
                {t(usesHours(rule.kind) ? 'alerts.hoursCount' : 'alerts.minutesCount', { count: amountOf(rule) })}
              </Table.Td>
              <Table.Td>{rule.kind === 'feedFailing' ? '—' : districtOrAll(rule.district)}</Table.Td>
              <Table.Td>{rule.enabled ? t('alerts.yes') : t('alerts.no')}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={t('alerts.editRule', { id: rule.id })}
                    onClick={() =>
                      setDraft({
                        id: rule.id,
                        kind: rule.kind,
                        amount: amountOf(rule),
                        district: rule.district ?? '',
                        enabled: rule.enabled,
                      })
                    }
                  >
                    {t('alerts.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    aria-label={t('alerts.deleteRule', { id: rule.id })}
                    onClick={() => setDeleting(rule)}
                  >
                    {t('alerts.delete')}
                  </Button>
                </Group>
              </Table.Td>
            </ConsoleRow>
          ))}
        </ConsoleTable>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!amountValid) return;
          const input = {
            kind: draft.kind,
            minutes: minutesOf(draft.kind, amount),
            district: draft.district || null,
            enabled: draft.enabled,
          };
          void act(() => saveRule(call, draft.id, input), t('alerts.ruleSaved'));
        }}
      >
        <Fieldset legend={draft.id === null ? t('alerts.addRule') : t('alerts.editRule', { id: draft.id })} maw={640}>
          <Stack gap="sm">
            <NativeSelect
              label={t('alerts.kind')}
              value={draft.kind}
              data={ALERT_KINDS.map((kind) => ({ value: kind, label: t(`alerts.kindRules.${kind}`) }))}
              onChange={(event) => setDraft({ ...draft, kind: event.currentTarget.value as AlertKind })}
            />
            <NumberInput
              label={waitLabel}
              value={draft.amount}
              min={1}
              max={maxAmount}
              allowDecimal={false}
              error={amountValid ? undefined : t('alerts.waitProblem', { count: maxAmount })}
              onChange={(value) => setDraft({ ...draft, amount: value })}
            />
            {draft.kind !== 'feedFailing' && (
              <NativeSelect
                label={t('alerts.district')}
                value={draft.district}
                data={[
                  { value: '', label: t('alerts.allDistricts') },
                  ...DISTRICTS.map((district) => ({ value: district, label: districtName(district) })),
                ]}
                onChange={(event) => setDraft({ ...draft, district: event.currentTarget.value as District | '' })}
              />
            )}
            <Switch
              label={t('alerts.enabled')}
              checked={draft.enabled}
              onChange={(event) => setDraft({ ...draft, enabled: event.currentTarget.checked })}
            />
            <Group gap="sm">
              <Button type="submit" loading={busy} disabled={!amountValid}>
                {draft.id === null ? t('alerts.addRule') : t('alerts.saveRule')}
              </Button>
              {draft.id !== null && (
                <Button variant="subtle" onClick={() => setDraft(NEW_RULE)}>
                  {t('alerts.cancel')}
                </Button>
              )}
            </Group>
          </Stack>
        </Fieldset>
      </form>
      <ConfirmDialog
        title={deleting ? t('alerts.deleteRuleTitle') : null}
        text={t('alerts.deleteRuleText')}
        confirm={t('alerts.delete')}
        busy={busy}
        onConfirm={() => deleting && void act(() => deleteRule(call, deleting.id), t('alerts.ruleDeleted'))}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
