import { Button, Group, Modal, PasswordInput, Radio, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { District } from '../../../shared/machine';
import { ApiError } from '../../api/client';
import { useConsoleT } from '../i18n/useConsoleT';
import type { Role } from '../session/session';
import { parseProblems } from '../problems';
import { useErrorText } from '../useErrorText';
import { useProblemText } from '../useProblemText';
import { DistrictChecks } from '../kit/DistrictChecks';
import type { NewPerson, Person } from './peopleCalls';
import { RoleSelect } from '../kit/RoleSelect';

/** Adding a person (`person` null) or changing one's role and districts. */
export function PersonDialog({
  opened,
  person,
  onSave,
  onClose,
}: {
  opened: boolean;
  person: Person | null;
  onSave: (input: NewPerson) => Promise<void>;
  onClose: () => void;
}) {
  const t = useConsoleT();
  const errorText = useErrorText();
  const problemText = useProblemText();
  const [name, setName] = useState(person?.name ?? '');
  const [role, setRole] = useState<Role>(person?.role ?? 'operator');
  const [districts, setDistricts] = useState<District[]>(person?.districts ?? []);
  const [choose, setChoose] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await onSave({ name: name.trim(), role, districts, ...(choose ? { password } : {}) });
    } catch (error) {
      // A refused password says why (the server's first problem), in the person's language.
      const [problem] = error instanceof ApiError && error.msg === 'passwordRejected' ? parseProblems(error.body) : [];
      setFailure(
        error instanceof ApiError && error.msg === 'passwordRejected'
          ? `${t('people.passwordRefused')} ${problem ? problemText(problem) : ''}`.trim()
          : errorText(error),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={person ? t('people.editTitle', { name: person.name }) : t('people.addTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('people.close') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {!person && (
            <TextInput
              label={t('people.name')}
              description={t('people.nameHint')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              required
              autoComplete="off"
              data-autofocus
            />
          )}
          <RoleSelect value={role} onChange={setRole} />
          <DistrictChecks value={districts} onChange={setDistricts} disabled={role === 'admin'} />
          {!person && (
            <Radio.Group
              label={t('people.firstPassword')}
              value={choose ? 'chosen' : 'oneTime'}
              onChange={(value) => setChoose(value === 'chosen')}
            >
              <Stack gap={6} mt="xs">
                <Radio value="oneTime" label={t('people.oneTime')} />
                <Radio value="chosen" label={t('people.chosen')} />
              </Stack>
            </Radio.Group>
          )}
          {!person && choose && (
            <PasswordInput
              label={t('people.password')}
              description={t('people.passwordHint')}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              autoComplete="new-password"
              required
            />
          )}
          {failure && (
            <div role="alert" style={{ color: 'var(--mantine-color-red-8)' }}>
              {failure}
            </div>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('people.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {person ? t('people.save') : t('people.addSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
