import { Alert, Button, Fieldset, Group, NumberInput, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PROMISE_MINUTES_MAX, PROMISE_MINUTES_MIN } from '../../../shared/contract/service';
import { useConsoleT } from '../i18n/useConsoleT';
import { useConsoleAction } from '../kit/useConsoleAction';
import { useConsoleCall } from '../session/ConsoleApi';
import { useErrorText } from '../useErrorText';
import { fetchPromise, savePromise } from '../serviceLevels/serviceCalls';
import classes from './ServicePage.module.css';

/** An admin's setting of the promise's length, in minutes; the server audits each change. */
export function PromiseSetting({ onSaved }: { onSaved: () => void }) {
  const t = useConsoleT();
  const call = useConsoleCall();
  const errorText = useErrorText();
  const [minutes, setMinutes] = useState<number | string>('');
  const [loadFailure, setLoadFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const { busy, failure, run } = useConsoleAction();
  const shownFailure = failure ?? loadFailure;

  useEffect(() => {
    fetchPromise(call).then(setMinutes, setLoadFailure);
  }, [call]);

  return (
    <Fieldset legend={t('service.promiseSetting')} className={classes.noPrint}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSaved(false);
          setLoadFailure(null);
          void run(async () => {
            setMinutes(await savePromise(call, Number(minutes)));
            setSaved(true);
            onSaved();
          });
        }}
      >
        <Group align="flex-end" gap="sm">
          <NumberInput
            label={t('service.promiseMinutes')}
            value={minutes}
            onChange={setMinutes}
            min={PROMISE_MINUTES_MIN}
            max={PROMISE_MINUTES_MAX}
            allowDecimal={false}
            required
          />
          <Button type="submit" loading={busy}>
            {t('service.save')}
          </Button>
        </Group>
      </form>
      {saved && (
        <Text role="status" mt="xs">
          {t('service.saved')}
        </Text>
      )}
      {shownFailure !== null && (
        <Alert color="red" mt="xs">
          {errorText(shownFailure)}
        </Alert>
      )}
    </Fieldset>
  );
}
