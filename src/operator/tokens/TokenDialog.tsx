import { NumberInput } from '@mantine/core';
import { useState } from 'react';
import type { District } from '../../../shared/machine';
import { useConsoleT } from '../i18n/useConsoleT';
import { AccessFields } from '../kit/AccessFields';
import { FormDialog } from '../kit/FormDialog';
import { useConsoleAction } from '../kit/useConsoleAction';
import type { Role } from '../session/session';
import { useErrorText } from '../useErrorText';
import { TOKEN_DEFAULT_DAYS, TOKEN_MAX_DAYS, type NewToken } from './tokenCalls';

/** A new named token: its name, role, districts and life in days. */
export function TokenDialog({
  onCreate,
  onClose,
}: {
  onCreate: (input: NewToken) => Promise<void>;
  onClose: () => void;
}) {
  const t = useConsoleT();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('operator');
  const [districts, setDistricts] = useState<District[]>([]);
  const [days, setDays] = useState<number | string>(TOKEN_DEFAULT_DAYS);
  const { busy, failure, run } = useConsoleAction();
  const dayCount = typeof days === 'number' ? days : Number.parseInt(days, 10);
  const daysOk = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= TOKEN_MAX_DAYS;

  return (
    <FormDialog
      opened
      title={t('tokens.newTitle')}
      size="lg"
      failure={failure === null ? null : errorText(failure)}
      busy={busy}
      submit={t('tokens.create')}
      submitDisabled={!daysOk}
      onSubmit={() => {
        if (daysOk) void run(() => onCreate({ name: name.trim(), role, districts, expiresInDays: dayCount }));
      }}
      onClose={onClose}
    >
      <AccessFields
        name={{ label: t('tokens.name'), hint: t('tokens.nameHint'), value: name, onChange: setName }}
        role={role}
        onRole={setRole}
        districts={districts}
        onDistricts={setDistricts}
      />
      <NumberInput
        label={t('tokens.days')}
        description={t('tokens.daysHint', { count: TOKEN_MAX_DAYS })}
        value={days}
        onChange={setDays}
        min={1}
        max={TOKEN_MAX_DAYS}
        allowDecimal={false}
        error={daysOk ? undefined : t('tokens.daysHint', { count: TOKEN_MAX_DAYS })}
      />
    </FormDialog>
  );
}
