import { Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FACTOR_POLICIES } from '../../../shared/contract/factors';
import { useConsoleT } from '../i18n/useConsoleT';
import { OutcomeMessage } from '../OutcomeMessage';
import { useOutcomeAction } from '../kit/useOutcomeAction';
import { useConsoleCall } from '../session/ConsoleApi';
import { useErrorText } from '../useErrorText';
import { fetchFactorPolicy, saveFactorPolicy, type FactorPolicy } from '../factors/factorCalls';

/** An admin's choice of who must have a second factor: nobody, admins, everyone (audited). */
export function FactorPolicySection() {
  const t = useConsoleT();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const [saved, setSaved] = useState<FactorPolicy | null>(null);
  const [chosen, setChosen] = useState<FactorPolicy>('none');
  const { busy, outcome, run, say } = useOutcomeAction();

  useEffect(() => {
    fetchFactorPolicy(call).then(
      (policy) => {
        setSaved(policy);
        setChosen(policy);
      },
      (error: unknown) => say({ ok: false, text: errorText(error) }),
    );
  }, [call, errorText, say]);

  const save = () =>
    run(async () => {
      setSaved(await saveFactorPolicy(call, chosen));
      return t('console.saved');
    });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="factor-policy-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id="factor-policy-title">
            {t('security.policyTitle')}
          </Title>
          <Text size="sm">{t('security.policyIntro')}</Text>
          <Radio.Group
            label={t('security.policyLabel')}
            value={chosen}
            onChange={(value) => setChosen(value as FactorPolicy)}
          >
            <Stack gap="xs" mt="xs">
              {FACTOR_POLICIES.map((policy) => (
                <Radio key={policy} value={policy} label={t(`security.policy.${policy}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <OutcomeMessage outcome={outcome} />
          <Group>
            <Button type="submit" loading={busy} disabled={saved === null || saved === chosen}>
              {t('security.policySave')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
