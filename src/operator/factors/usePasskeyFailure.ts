import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { ApiError } from '../../api/client';
import { hongKongTime } from '../../freshness/formatFreshness';
import { localeAtom } from '../../i18n/localeAtom';
import { useConsoleT } from '../i18n/useConsoleT';
import { useErrorText } from '../useErrorText';
import { PasskeyCancelled } from './passkeyCalls';

/** What a failed passkey ceremony says to the person: the prompt closed, the lock and until when, or the refusal. */
export function usePasskeyFailure(): (error: unknown) => string {
  const t = useConsoleT();
  const errorText = useErrorText();
  const locale = useAtomValue(localeAtom);
  return useCallback(
    (error: unknown) => {
      if (error instanceof PasskeyCancelled) return t('error.passkeyCancelled');
      if (error instanceof ApiError && (error.msg === 'accountLocked' || error.msg === 'tooManyAttempts')) {
        const seconds = (error.body as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
        const time = hongKongTime(Date.now() + (seconds ?? 60) * 1000, Date.now(), locale);
        return t(error.msg === 'accountLocked' ? 'login.locked' : 'login.tooManyAttempts', { time });
      }
      return errorText(error);
    },
    [t, errorText, locale],
  );
}
