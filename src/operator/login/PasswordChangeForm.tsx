import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { changePassword } from '../session/authCalls';
import { useConsoleCall } from '../session/ConsoleApi';
import type { Session } from '../session/session';
import { problemsByField, type Problem } from '../problems';
import { useProblemText } from '../useProblemText';
import { useErrorText } from '../useErrorText';

/** A person whose password must change chooses a new one before anything else. */
export function PasswordChangeForm({ onChanged }: { onChanged: (session: Session) => void }) {
  const t = useConsoleT();
  const errorText = useErrorText();
  const problemText = useProblemText();
  const call = useConsoleCall();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Map<string, Problem>>(new Map());
  const [message, setMessage] = useState<string | null>(null);

  const repeatError = repeat && next !== repeat ? t('login.passwordsDiffer') : null;
  const sameError = next && next === current ? t('login.sameAsCurrent') : null;

  const submit = async () => {
    if (repeatError || sameError) return;
    setBusy(true);
    const result = await changePassword(call, current, next);
    setBusy(false);
    if (result.kind === 'changed') return onChanged(result.session);
    if (result.kind === 'refused') {
      setProblems(problemsByField(result.problems));
      setMessage(result.problems.length > 0 ? null : errorText(result.error));
    } else {
      setProblems(new Map());
      setMessage(errorText(result.error));
    }
  };

  const fieldError = (field: string) => {
    const problem = problems.get(field);
    return problem ? problemText(problem) : null;
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <Text size="sm">{t('login.changeIntro')}</Text>
        <PasswordInput
          label={t('login.currentPassword')}
          autoComplete="current-password"
          required
          value={current}
          error={fieldError('current')}
          onChange={(event) => setCurrent(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('login.newPassword')}
          autoComplete="new-password"
          required
          value={next}
          error={sameError ?? fieldError('next')}
          onChange={(event) => setNext(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('login.repeatPassword')}
          autoComplete="new-password"
          required
          value={repeat}
          error={repeatError}
          onChange={(event) => setRepeat(event.currentTarget.value)}
        />
        {message && <Alert color="red">{message}</Alert>}
        <Button type="submit" loading={busy}>
          {t('login.changeSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
