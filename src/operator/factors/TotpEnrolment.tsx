import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { useConsoleT } from '../i18n/useConsoleT';
import { useConsoleAction } from '../kit/useConsoleAction';
import { useConsoleCall } from '../session/ConsoleApi';
import { useErrorText } from '../useErrorText';
import { CodeInput } from './CodeInput';
import { beginTotp, confirmTotp, type TotpEnrolment as Enrolment } from './factorCalls';
import { QrCode } from './QrCode';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * Setting up an authenticator app: a new secret as a QR code and as text, confirmed by the app's first code, then the
 * ten recovery codes shown once. `onDone` once they are put away; `onCancel` before the app is confirmed.
 */
export function TotpEnrolment({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const t = useConsoleT();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const { busy, failure, run } = useConsoleAction(
    useCallback(
      (error: unknown) =>
        error instanceof ApiError && error.msg === 'badCode' ? t('error.badCode') : errorText(error),
      [t, errorText],
    ),
  );
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    let current = true;
    beginTotp(call).then(
      (begun) => current && setEnrolment(begun),
      (error: unknown) => current && setLoadFailure(errorText(error)),
    );
    return () => {
      current = false;
    };
  }, [call, errorText]);

  const confirm = () => run(async () => setCodes(await confirmTotp(call, code)));

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (!enrolment) {
    return loadFailure ? (
      <Alert color="red">{loadFailure}</Alert>
    ) : (
      <Loader role="status" aria-label={t('console.loading')} />
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
    >
      <Stack gap="sm">
        <Text>{t('security.scan')}</Text>
        <QrCode text={enrolment.uri} label={t('security.qrLabel')} />
        <TextInput
          readOnly
          label={t('security.secretLabel')}
          description={t('security.secretText')}
          value={enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <CodeInput value={code} onChange={setCode} recovery={false} />
        {failure && <Alert color="red">{failure}</Alert>}
        <Group>
          <Button type="submit" loading={busy}>
            {t('security.confirmApp')}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('people.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
