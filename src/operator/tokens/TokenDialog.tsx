import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { District } from '../../../shared/machine';
import { useConsoleT } from '../i18n/useConsoleT';
import { DistrictChecks } from '../kit/DistrictChecks';
import { TOKEN_DEFAULT_DAYS, TOKEN_MAX_DAYS, type NewToken } from './tokenCalls';
import { RoleSelect } from '../kit/RoleSelect';
import type { Role } from '../session/session';
import { useErrorText } from '../useErrorText';

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
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const dayCount = typeof days === 'number' ? days : Number.parseInt(days, 10);
  const daysOk = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= TOKEN_MAX_DAYS;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!daysOk) return;
    setBusy(true);
    setFailure(null);
    try {
      await onCreate({ name: name.trim(), role, districts, expiresInDays: dayCount });
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('tokens.newTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('people.close') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('tokens.name')}
            description={t('tokens.nameHint')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            required
            autoComplete="off"
            data-autofocus
          />
          <RoleSelect value={role} onChange={setRole} />
          <DistrictChecks value={districts} onChange={setDistricts} disabled={role === 'admin'} />
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
          {failure && (
            <div role="alert" style={{ color: 'var(--mantine-color-red-8)' }}>
              {failure}
            </div>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('people.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!daysOk}>
              {t('tokens.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
