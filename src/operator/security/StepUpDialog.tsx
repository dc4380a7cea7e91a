import { Alert, Button, Group, Modal, PasswordInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useConsoleT } from '../i18n/useConsoleT';
import { useConsoleCall } from '../session/ConsoleApi';
import { useErrorText } from '../useErrorText';
import { CodeInput } from '../factors/CodeInput';
import { stepUp } from '../factors/factorCalls';
import { passkeyAssertion } from '../factors/passkeyCalls';
import { usePasskeyFailure } from '../factors/usePasskeyFailure';
import { useConsoleAction } from '../kit/useConsoleAction';
import { stepUpQuestionAtom } from '../session/stepUpAtoms';

/** "Confirm it is you": the password or a code before an admin act, which then goes on (decision 0068). */
export function StepUpDialog() {
  const t = useConsoleT();
  const question = useAtomValue(stepUpQuestionAtom);
  return (
    <Modal
      opened={question !== null}
      onClose={() => question?.answer(false)}
      title={t('security.stepUpTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('people.close') }}
    >
      {question && <StepUpForm onDone={(steppedUp) => question.answer(steppedUp)} />}
    </Modal>
  );
}

type Way = 'password' | 'code' | 'passkey';

function StepUpForm({ onDone }: { onDone: (steppedUp: boolean) => void }) {
  const t = useConsoleT();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const failureText = usePasskeyFailure();
  const [way, setWay] = useState<Way>('password');
  const [value, setValue] = useState('');
  const { busy, failure, run } = useConsoleAction((error) => {
    if (way === 'passkey') return failureText(error);
    const wrong = error instanceof ApiError && (error.msg === 'badCredentials' || error.msg === 'badCode');
    return wrong ? t(way === 'password' ? 'security.wrongPassword' : 'error.badCode') : errorText(error);
  });

  const submit = () =>
    run(async () => {
      if (way === 'passkey') await stepUp(call, { passkey: await passkeyAssertion(call) });
      else await stepUp(call, way === 'password' ? { password: value } : { code: value });
      onDone(true);
    });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Text>{t('security.stepUpIntro')}</Text>
        <SegmentedControl
          aria-label={t('security.stepUpWay')}
          value={way}
          onChange={(next) => {
            setWay(next as Way);
            setValue('');
          }}
          data={[
            { value: 'password', label: t('login.password') },
            { value: 'code', label: t('security.code') },
            { value: 'passkey', label: t('security.passkey') },
          ]}
        />
        {way === 'passkey' && <Text size="sm">{t('security.stepUpPasskey')}</Text>}
        {way === 'password' && (
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            required
            data-autofocus
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
        )}
        {way === 'code' && <CodeInput value={value} onChange={setValue} />}
        {failure && <Alert color="red">{failure}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(false)}>
            {t('people.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('security.stepUpSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
