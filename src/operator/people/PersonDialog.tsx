import { PasswordInput, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import type { District } from '../../../shared/machine';
import { ApiError } from '../../api/client';
import { useConsoleT } from '../i18n/useConsoleT';
import { AccessFields } from '../kit/AccessFields';
import { FormDialog } from '../kit/FormDialog';
import { useConsoleAction } from '../kit/useConsoleAction';
import { parseProblems } from '../problems';
import type { Role } from '../session/session';
import { useErrorText } from '../useErrorText';
import { useProblemText } from '../useProblemText';
import type { NewPerson, Person } from './peopleCalls';

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
  const { busy, failure, run } = useConsoleAction();

  /** A refused password says why (the server's first problem), in the person's language. */
  const failureText = (error: unknown) => {
    if (!(error instanceof ApiError && error.msg === 'passwordRejected')) return errorText(error);
    const [problem] = parseProblems(error.body);
    return `${t('people.passwordRefused')} ${problem ? problemText(problem) : ''}`.trim();
  };

  return (
    <FormDialog
      opened={opened}
      title={person ? t('people.editTitle', { name: person.name }) : t('people.addTitle')}
      size="lg"
      failure={failure === null ? null : failureText(failure)}
      busy={busy}
      submit={person ? t('people.save') : t('people.addSubmit')}
      onSubmit={() => void run(() => onSave({ name: name.trim(), role, districts, ...(choose ? { password } : {}) }))}
      onClose={onClose}
    >
      <AccessFields
        name={person ? null : { label: t('people.name'), hint: t('people.nameHint'), value: name, onChange: setName }}
        role={role}
        onRole={setRole}
        districts={districts}
        onDistricts={setDistricts}
      />
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
    </FormDialog>
  );
}
