import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { OutcomeMessage } from '../OutcomeMessage';
import { useConsoleCall } from '../session/ConsoleApi';
import { sessionAtom } from '../session/sessionAtoms';
import { resetFactors } from '../factors/factorCalls';
import { ConfirmDialog } from '../ConfirmDialog';
import { ListState } from '../kit/ListState';
import { SecretDialog } from '../kit/SecretDialog';
import { useList } from '../kit/useList';
import { useOutcomeAction } from '../kit/useOutcomeAction';
import {
  addPerson,
  changePerson,
  fetchPeople,
  resetPassword,
  unlockPerson,
  type NewPerson,
  type Person,
} from './peopleCalls';
import { PeopleTable, type PersonAction } from './PeopleTable';
import { PersonDialog } from './PersonDialog';

type Dialog = { kind: 'add' } | { kind: PersonAction; person: Person } | null;

/**
 * The people who sign in: admins add them, change their role and districts, disable them, reset passwords, and end
 * the locks wrong passwords put on a name.
 */
export function PeoplePage() {
  const t = useConsoleT();
  const call = useConsoleCall();
  const session = useAtomValue(sessionAtom);
  const { items: people, failure, reload } = useList(useCallback(() => fetchPeople(call), [call]));
  const [dialog, setDialog] = useState<Dialog>(null);
  const [secret, setSecret] = useState<{ name: string; password: string } | null>(null);
  const { busy, outcome, run, say } = useOutcomeAction();

  const done = async (text: string) => {
    setDialog(null);
    say({ ok: true, text });
    await reload();
  };
  const save = async (input: NewPerson) => {
    if (dialog?.kind === 'edit') {
      await changePerson(call, dialog.person.name, { role: input.role, districts: input.districts });
      await done(t('people.changed', { name: dialog.person.name }));
      return;
    }
    const { person, password } = await addPerson(call, input);
    if (password) setSecret({ name: person.name, password });
    await done(t('people.added', { name: person.name }));
  };
  /** A change from the table or a confirmation: the page says how it went, and the list shows it. */
  const act = async (change: () => Promise<string>) => {
    await run(async () => {
      const text = await change();
      await reload();
      return text;
    });
    setDialog(null);
  };
  const onAction = (action: PersonAction, person: Person) => {
    say(null);
    if (action === 'enable') {
      void act(async () => {
        await changePerson(call, person.name, { disabled: false });
        return t('people.enabledDone', { name: person.name });
      });
      return;
    }
    if (action === 'unlock') {
      void act(async () => {
        await unlockPerson(call, person.name);
        return t('people.unlockedDone', { name: person.name });
      });
      return;
    }
    setDialog({ kind: action, person });
  };

  if (session?.role !== 'admin') return <Alert color="yellow">{t('people.adminsOnly')}</Alert>;
  const target = dialog && dialog.kind !== 'add' ? dialog.person : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('people.title')}</Title>
        <Button onClick={() => setDialog({ kind: 'add' })}>{t('people.add')}</Button>
      </Group>
      <Text c="dimmed">{t('people.intro')}</Text>
      <OutcomeMessage outcome={outcome} />
      <ListState items={people} failure={failure} failed={t('people.loadFailed')} onRetry={() => void reload()}>
        {(shown) => <PeopleTable people={shown} me={session.name} onAction={onAction} />}
      </ListState>
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <PersonDialog
          opened
          person={dialog.kind === 'edit' ? dialog.person : null}
          onSave={save}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        title={
          dialog?.kind === 'resetFactors' ? t('people.confirmResetFactorsTitle', { name: target?.name ?? '' }) : null
        }
        text={t('people.confirmResetFactors', { name: target?.name ?? '' })}
        confirm={t('people.resetFactors')}
        busy={busy}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          target &&
          void act(async () => {
            await resetFactors(call, target.name);
            return t('people.resetFactorsDone', { name: target.name });
          })
        }
      />
      <ConfirmDialog
        title={
          dialog?.kind === 'disable'
            ? t('people.confirmDisableTitle', { name: target?.name ?? '' })
            : dialog?.kind === 'reset'
              ? t('people.confirmResetTitle', { name: target?.name ?? '' })
              : null
        }
        text={t(dialog?.kind === 'reset' ? 'people.confirmReset' : 'people.confirmDisable', {
          name: target?.name ?? '',
        })}
        confirm={dialog?.kind === 'reset' ? t('people.reset') : t('people.disable')}
        busy={busy}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          target &&
          void act(async () => {
            if (dialog?.kind === 'reset') {
              const { password } = await resetPassword(call, target.name);
              if (password) setSecret({ name: target.name, password });
              return t('people.resetDone', { name: target.name });
            }
            await changePerson(call, target.name, { disabled: true });
            return t('people.disabledDone', { name: target.name });
          })
        }
      />
      <SecretDialog
        title={t('people.oneTimeTitle', { name: secret?.name ?? '' })}
        label={t('people.oneTimeLabel')}
        warning={t('people.oneTimeWarning', { name: secret?.name ?? '' })}
        value={secret?.password ?? null}
        onClose={() => setSecret(null)}
      />
    </Stack>
  );
}
