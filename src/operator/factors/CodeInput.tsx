import { TextInput } from '@mantine/core';
import { useConsoleT } from '../i18n/useConsoleT';

/** Where a person types six digits from their app, or a recovery code. */
export function CodeInput({
  value,
  onChange,
  error,
  recovery = true,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** A recovery code is taken too (not when confirming a new app). */
  recovery?: boolean;
}) {
  const t = useConsoleT();
  return (
    <TextInput
      label={recovery ? t('security.codeOrRecovery') : t('security.code')}
      description={recovery ? t('security.codeHint') : undefined}
      autoComplete="one-time-code"
      inputMode={recovery ? 'text' : 'numeric'}
      required
      maxLength={64}
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
