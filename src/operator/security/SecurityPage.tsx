import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { nowAtom } from '../../clock/nowAtom';
import { hongKongTime } from '../../freshness/formatFreshness';
import { localeAtom } from '../../i18n/localeAtom';
import { ConfirmDialog } from '../ConfirmDialog';
import { useConsoleT } from '../i18n/useConsoleT';
import { OutcomeMessage } from '../OutcomeMessage';
import { useOutcomeAction } from '../kit/useOutcomeAction';
import { useConsoleCall } from '../session/ConsoleApi';
import { sessionAtom } from '../session/sessionAtoms';
import { useErrorText } from '../useErrorText';
import { fetchOwnFactors, removeTotp, renewRecoveryCodes, type OwnFactors } from '../factors/factorCalls';
import { FactorPolicySection } from './FactorPolicySection';
import { PasskeysSection } from './PasskeysSection';
import { RecoveryCodes } from '../factors/RecoveryCodes';
import { TotpEnrolment } from '../factors/TotpEnrolment';

type Mode = 'view' | 'enrol' | { codes: string[] };

/** The signed-in person's second factors (docs/operators-factors.md); for admins, who must have one. */
export function SecurityPage() {
  const t = useConsoleT();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const session = useAtomValue(sessionAtom);
  const locale = useAtomValue(localeAtom);
  const now = useAtomValue(nowAtom).getTime();
  const [factors, setFactors] = useState<OwnFactors | null>(null);
  const [mode, setMode] = useState<Mode>('view');
  const [confirmRemove, setConfirmRemove] = useState(false);
  const { busy, outcome, run, say } = useOutcomeAction();

  const load = useCallback(async () => {
    try {
      setFactors(await fetchOwnFactors(call));
    } catch (error) {
      say({ ok: false, text: errorText(error) });
    }
  }, [call, errorText, say]);
  useEffect(() => void load(), [load]);

  const time = (iso: string | null) =>
    iso === null ? t('security.never') : hongKongTime(Date.parse(iso), now, locale);
  /** A change to the app's factor; the page reads the factors again, whatever came of it. */
  const act = async (action: () => Promise<string | null>) => {
    await run(action);
    await load();
  };
  const remove = () =>
    act(async () => {
      await removeTotp(call);
      setConfirmRemove(false);
      return t('security.removed');
    });
  const renew = () =>
    act(async () => {
      setMode({ codes: await renewRecoveryCodes(call) });
      return null;
    });
  const back = () => {
    setMode('view');
    void load();
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('security.title')}
      </Title>
      <Text>{t('security.intro')}</Text>
      <Paper withBorder p="md" component="section" aria-labelledby="totp-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="totp-title">
            {t('security.appTitle')}
          </Title>
          {mode === 'enrol' && <TotpEnrolment onDone={back} onCancel={back} />}
          {typeof mode === 'object' && <RecoveryCodes codes={mode.codes} onDone={back} />}
          {mode === 'view' && factors === null && <Loader role="status" aria-label={t('console.loading')} />}
          {mode === 'view' && factors?.totp && (
            <>
              <Text>{t('security.appSetUp', { time: time(factors.totp.createdAt) })}</Text>
              <Text>{t('security.appLastUsed', { time: time(factors.totp.lastUsedAt) })}</Text>
              <Text>{t('security.codesLeft', { count: factors.recoveryCodesLeft })}</Text>
              <Group>
                <Button variant="default" loading={busy} onClick={() => void renew()}>
                  {t('security.renewCodes')}
                </Button>
                {(!factors.required || factors.passkeys.length > 0) && (
                  <Button variant="default" onClick={() => setConfirmRemove(true)}>
                    {t('security.removeApp')}
                  </Button>
                )}
              </Group>
            </>
          )}
          {mode === 'view' && factors && !factors.totp && (
            <>
              <Text>{factors.required ? t('security.required') : t('security.noApp')}</Text>
              {factors.available ? (
                <Group>
                  <Button onClick={() => setMode('enrol')}>{t('security.setUpApp')}</Button>
                </Group>
              ) : (
                <Text c="dimmed">{t('error.factorKeyMissing')}</Text>
              )}
            </>
          )}
          <OutcomeMessage outcome={outcome} />
        </Stack>
      </Paper>
      {factors && <PasskeysSection factors={factors} time={time} onChanged={setFactors} />}
      {session?.role === 'admin' && <FactorPolicySection />}
      <ConfirmDialog
        title={confirmRemove ? t('security.removeApp') : null}
        text={t('security.removeConfirm')}
        confirm={t('security.removeApp')}
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setConfirmRemove(false)}
      />
    </Stack>
  );
}
