import { Alert, Button, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import { LOCALES, STATUSES, type Locale, type Machine, type Status } from '../../../shared/machine';
import { HTML_LANG } from '../../i18n/plural';
import { putFleetMachinesAtom } from '../fleet/fleetAtoms';
import { useConsoleT } from '../i18n/useConsoleT';
import { OutcomeMessage, type Outcome } from '../OutcomeMessage';
import { problemsByField, type Problem } from '../problems';
import { useConsoleCall } from '../session/ConsoleApi';
import { mayEdit } from '../session/session';
import { sessionAtom } from '../session/sessionAtoms';
import { useErrorText } from '../useErrorText';
import { useProblemText } from '../useProblemText';
import { checkMachineEdit } from './editCheck';
import { saveMachine } from '../fleet/machineCalls';
import { editOf, formFieldOf, patchOf, type EditField, type MachineEdit, type TextField } from './machineEdit';
import { OpeningHoursField } from './OpeningHoursField';
import { useHoursCheck } from './useHoursCheck';

const LANGUAGE_KEYS = { en: 'machine.languageEn', zht: 'machine.languageZht', zhs: 'machine.languageZhs' } as const;
const TEXT_KINDS = [
  ['name', 'machine.name'],
  ['address', 'machine.address'],
  ['service_hour', 'machine.serviceHours'],
] as const;

/**
 * A machine's state, names, addresses, service hours and structured hours. The person's changes sit over the
 * machine as the live fleet has it, so a change arriving meanwhile shows in every field they did not touch; the
 * form sends only what differs, and a refused value is named beside its field and changes nothing.
 */
export function MachineForm({ machine }: { machine: Machine }) {
  const t = useConsoleT();
  const problemText = useProblemText();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const putMachines = useSetAtom(putFleetMachinesAtom);
  const editable = mayEdit(useAtomValue(sessionAtom));
  const [edits, setEdits] = useState<Partial<MachineEdit>>({});
  const [refused, setRefused] = useState<Map<string, Problem>>(new Map());
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Save is disabled while it saves and after: the focus moves to what came of it rather than to the page's body.
  const outcomeRef = useRef<HTMLDivElement>(null);

  const values: MachineEdit = { ...editOf(machine), ...edits };
  const hours = useHoursCheck(values.opening_hours);
  const own = problemsByField([
    ...checkMachineEdit(values, machine),
    ...(hours?.kind === 'invalid' ? [{ field: 'opening_hours', code: 'invalidOpeningHours', params: {} }] : []),
  ]);
  const patch = patchOf(values, machine);
  const changed = Object.keys(patch).length > 0;

  const change = <F extends EditField>(field: F, value: MachineEdit[F]) => {
    setEdits((current) => ({ ...current, [field]: value }));
    setRefused((current) => {
      if (!current.has(field)) return current;
      const rest = new Map(current);
      rest.delete(field);
      return rest;
    });
    setOutcome(null);
  };
  const errorOf = (field: EditField) => {
    const problem = refused.get(field) ?? own.get(field);
    return problem ? problemText(problem) : null;
  };

  const save = async () => {
    setSaving(true);
    setOutcome(null);
    const result = await saveMachine(call, machine.id, patch);
    setSaving(false);
    if (result.kind === 'saved') {
      putMachines([result.machine]);
      setEdits({});
      setRefused(new Map());
      setOutcome({ ok: true, text: t('console.saved') });
    } else if (result.kind === 'refused') {
      setRefused(new Map([...problemsByField(result.problems)].map(([field, p]) => [formFieldOf(field), p])));
      setOutcome({ ok: false, text: t('error.invalidMachine') });
    } else {
      setOutcome({ ok: false, text: errorText(result.error) });
    }
    outcomeRef.current?.focus();
  };

  const textInput = (field: TextField, label: string, lang: string) => (
    <TextInput
      key={field}
      label={label}
      lang={lang}
      value={values[field]}
      error={errorOf(field)}
      onChange={(event) => change(field, event.currentTarget.value)}
    />
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (changed && own.size === 0) void save();
      }}
    >
      <Stack>
        {!editable && <Alert color="gray">{t('console.readOnly')}</Alert>}
        <Fieldset legend={t('machine.stateSection')} disabled={!editable}>
          <Stack gap="sm">
            <NativeSelect
              label={t('machine.status')}
              value={values.status ?? ''}
              error={errorOf('status')}
              onChange={(event) => change('status', (event.currentTarget.value || null) as Status | null)}
              data={[
                ...(values.status === null ? [{ value: '', label: t('fleet.unknownStatus'), disabled: true }] : []),
                ...STATUSES.map((status) => ({
                  value: status,
                  label: status === 'Full' ? t('fleet.state.full') : status,
                })),
              ]}
              maw={240}
            />
            <Switch
              label={t('machine.underMaintenance')}
              checked={values.under_maintenance}
              error={errorOf('under_maintenance')}
              onChange={(event) => change('under_maintenance', event.currentTarget.checked)}
            />
            <Switch
              label={t('machine.outOfService')}
              checked={values.outOfService}
              error={errorOf('outOfService')}
              onChange={(event) => change('outOfService', event.currentTarget.checked)}
            />
            <Switch
              label={t('machine.deactivated')}
              checked={values.deactivated}
              error={errorOf('deactivated')}
              onChange={(event) => change('deactivated', event.currentTarget.checked)}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('machine.textSection')} disabled={!editable}>
          <Stack>
            <SimpleGrid cols={{ base: 1, lg: 3 }}>
              {LOCALES.map((locale: Locale) => (
                <Fieldset key={locale} legend={t(LANGUAGE_KEYS[locale])} variant="unstyled">
                  <Stack gap="xs">
                    {TEXT_KINDS.map(([kind, key]) => textInput(`${kind}_${locale}`, t(key), HTML_LANG[locale]))}
                  </Stack>
                </Fieldset>
              ))}
            </SimpleGrid>
            <OpeningHoursField
              value={values.opening_hours}
              check={hours}
              error={errorOf('opening_hours')}
              disabled={!editable}
              onChange={(value) => change('opening_hours', value)}
            />
          </Stack>
        </Fieldset>
        {editable && (
          <Group>
            <Button type="submit" loading={saving} disabled={!changed || own.size > 0}>
              {t('machine.save')}
            </Button>
            <Button
              variant="default"
              disabled={!changed}
              onClick={() => {
                setEdits({});
                setRefused(new Map());
                setOutcome(null);
              }}
            >
              {t('machine.discard')}
            </Button>
          </Group>
        )}
        <div ref={outcomeRef} tabIndex={-1}>
          <OutcomeMessage outcome={outcome} />
        </div>
      </Stack>
    </form>
  );
}
