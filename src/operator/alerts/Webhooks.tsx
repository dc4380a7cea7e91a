import { Button, Code, Fieldset, Group, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useCallback, useState } from 'react';
import { ApiError } from '../../api/client';
import { useConsoleT } from '../i18n/useConsoleT';
import { Loading } from '../Loading';
import { useConsoleCall } from '../session/ConsoleApi';
import { WarningNotice } from '../WarningNotice';
import { addWebhook, deleteWebhook, fetchWebhooks, setWebhookEnabled, type Webhook } from './alertCalls';
import { ConfirmDialog } from '../ConfirmDialog';
import { DeliveryLog } from './DeliveryLog';
import { ListMessageText } from './ListMessageText';
import { useListChanges } from './useListChanges';
import { ConsoleRow, ConsoleTable } from '../ConsoleTable';
import { useErrorText } from '../useErrorText';

/** The server's refusals of a URL's receiver (decision 0060): shown on the URL field itself. */
const URL_REFUSALS = ['webhookAddressRefused', 'webhookHostUnknown'];

/** The webhooks (admins): registered with a URL, the secret shown once, enabled or not, deleted; each one's log. */
export function Webhooks() {
  const t = useConsoleT();
  const call = useConsoleCall();
  const errorText = useErrorText();
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [shownLog, setShownLog] = useState<number | null>(null);

  const { items: webhooks, busy, message, act: run } = useListChanges(useCallback(() => fetchWebhooks(call), [call]));
  const act = (work: () => Promise<void>, done: string) => run(work, done, { onSettled: () => setDeleting(null) });

  return (
    <Stack gap="md">
      <ListMessageText message={message} />
      {secret !== null && (
        <WarningNotice
          title={t('alerts.secretTitle')}
          onClose={() => setSecret(null)}
          closeLabel={t('alerts.hideSecret')}
        >
          <Stack gap="xs">
            <Text size="sm">{t('alerts.secretText')}</Text>
            <Code block aria-label={t('alerts.secret')}>
              {secret}
            </Code>
          </Stack>
        </WarningNotice>
      )}
      {webhooks === null ? (
        <Loading />
      ) : webhooks.length === 0 ? (
        <Text>{t('alerts.noWebhooks')}</Text>
      ) : (
        <ConsoleTable
          columns={[t('alerts.url'), t('alerts.description'), t('alerts.enabled'), t('alerts.actions')]}
          minWidth={620}
          aria-label={t('alerts.webhooks')}
        >
          {webhooks.map((hook) => (
            <WebhookRows
              key={hook.id}
              hook={hook}
              logShown={shownLog === hook.id}
              onToggleLog={() => setShownLog(shownLog === hook.id ? null : hook.id)}
              onEnable={(enabled) =>
                void act(
                  () => setWebhookEnabled(call, hook.id, enabled),
                  t(enabled ? 'alerts.webhookEnabled' : 'alerts.webhookDisabled'),
                )
              }
              onDelete={() => setDeleting(hook)}
            />
          ))}
        </ConsoleTable>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void act(async () => {
            try {
              setSecret(await addWebhook(call, url.trim(), description.trim()));
            } catch (error) {
              if (error instanceof ApiError && URL_REFUSALS.includes(error.msg ?? '')) setUrlError(errorText(error));
              throw error;
            }
            setUrl('');
            setDescription('');
          }, t('alerts.webhookAdded'));
        }}
      >
        <Fieldset legend={t('alerts.addWebhook')} maw={640}>
          <Stack gap="sm">
            <TextInput
              label={t('alerts.url')}
              description={t('alerts.urlHelp')}
              type="url"
              required
              value={url}
              error={urlError}
              onChange={(event) => {
                setUrl(event.currentTarget.value);
                setUrlError(null);
              }}
            />
            <TextInput
              label={t('alerts.description')}
              value={description}
              maxLength={200}
              onChange={(event) => setDescription(event.currentTarget.value)}
            />
            <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
              {t('alerts.addWebhook')}
            </Button>
          </Stack>
        </Fieldset>
      </form>
      <ConfirmDialog
        title={deleting ? t('alerts.deleteWebhookTitle') : null}
        text={t('alerts.deleteWebhookText', { url: deleting?.url ?? '' })}
        confirm={t('alerts.delete')}
        busy={busy}
        onConfirm={() => deleting && void act(() => deleteWebhook(call, deleting.id), t('alerts.webhookDeleted'))}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function WebhookRows({
  hook,
  logShown,
  onToggleLog,
  onEnable,
  onDelete,
}: {
  hook: Webhook;
  logShown: boolean;
  onToggleLog: () => void;
  onEnable: (enabled: boolean) => void;
  onDelete: () => void;
}) {
  const t = useConsoleT();
  return (
    <>
      <ConsoleRow>
        <Table.Td style={{ overflowWrap: 'anywhere' }}>{hook.url}</Table.Td>
        <Table.Td>{hook.description}</Table.Td>
        <Table.Td>
          <Switch
            checked={hook.enabled}
            aria-label={t('alerts.enableWebhook', { url: hook.url })}
            onChange={(event) => onEnable(event.currentTarget.checked)}
          />
        </Table.Td>
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              aria-expanded={logShown}
              aria-label={t('alerts.deliveryLogOf', { url: hook.url })}
              onClick={onToggleLog}
            >
              {t('alerts.deliveryLog')}
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red"
              aria-label={t('alerts.deleteWebhook', { url: hook.url })}
              onClick={onDelete}
            >
              {t('alerts.delete')}
            </Button>
          </Group>
        </Table.Td>
      </ConsoleRow>
      {logShown && (
        <ConsoleRow>
          <Table.Td colSpan={4}>
            <DeliveryLog webhook={hook} />
          </Table.Td>
        </ConsoleRow>
      )}
    </>
  );
}
