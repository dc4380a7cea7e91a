import { Alert, Button, Fieldset, Group, NumberInput, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PROMISE_MINUTES_MAX, PROMISE_MINUTES_MIN } from '../../../shared/contract/service';
import { useConsoleT } from '../i18n/useConsoleT';
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
  const [outcome, setOutcome] = useState<{ saved: true } | { failure: unknown } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchPromise(call).then(setMinutes, (failure: unknown) => setOutcome({ failure }));
  }, [call]);

  return (
    <Fieldset legend={t('service.promiseSetting')} className={classes.noPrint}>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          try {
            setMinutes(await savePromise(call, Number(minutes)));
            setOutcome({ saved: true });
            onSaved();
          } catch (failure) {
            setOutcome({ failure });
          } finally {
            setBusy(false);
          }
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
      {outcome !== null &&
        ('saved' in outcome ? (
          <Text role="status" mt="xs">
            {t('service.saved')}
          </Text>
        ) : (
          <Alert color="red" mt="xs">
            {errorText(outcome.failure)}
          </Alert>
        ))}
    </Fieldset>
  );
}
