import { Button, FileButton, Fieldset, Group, Image, Stack, Text } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import type { Machine } from '../../../shared/machine';
import { fullPhotoUrl } from '../../card/photoUrls';
import { localeAtom } from '../../i18n/localeAtom';
import { putFleetMachinesAtom } from '../fleet/fleetAtoms';
import { useConsoleT } from '../i18n/useConsoleT';
import { saveMachine } from '../fleet/machineCalls';
import { useConsoleCall } from '../session/ConsoleApi';
import { mayEdit } from '../session/session';
import { sessionAtom } from '../session/sessionAtoms';
import { OutcomeMessage, type Outcome } from '../OutcomeMessage';
import { useErrorText } from '../useErrorText';
import { isPhotoType, PHOTO_TYPES, uploadPhoto } from './photoCalls';

const PREVIEW_HEIGHT_PX = 200;

/**
 * The machine's photo: a new one is previewed, stored by the spec's upload call, then attached to the machine; a
 * file of the wrong type or too large is refused with a message and the old photo stays.
 */
export function PhotoSection({ machine }: { machine: Machine }) {
  const t = useConsoleT();
  const errorText = useErrorText();
  const call = useConsoleCall();
  const locale = useAtomValue(localeAtom);
  const putMachines = useSetAtom(putFleetMachinesAtom);
  const editable = mayEdit(useAtomValue(sessionAtom));
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const name = machine[`name_${locale}`] || machine.name_en;
  const current = fullPhotoUrl(machine);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | null) => {
    setOutcome(null);
    if (chosen && !isPhotoType(chosen)) {
      setFile(null);
      setOutcome({ ok: false, text: t('photo.wrongType', { file: chosen.name }) });
    } else setFile(chosen);
  };

  const attach = async (picture: { id: string } | null, done: string) => {
    const saved = await saveMachine(call, machine.id, { picture });
    if (saved.kind === 'saved') {
      putMachines([saved.machine]);
      setOutcome({ ok: true, text: done });
      return true;
    }
    setOutcome({ ok: false, text: saved.kind === 'failed' ? errorText(saved.error) : t('error.invalidMachine') });
    return false;
  };

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    const stored = await uploadPhoto(call, file);
    if (stored.kind === 'stored') {
      if (await attach({ id: stored.id }, t('photo.attached'))) setFile(null);
    } else if (stored.kind === 'failed') {
      setOutcome({ ok: false, text: t('photo.refused', { reason: errorText(stored.error) }) });
    } else {
      setOutcome({
        ok: false,
        text: t(stored.kind === 'tooLarge' ? 'photo.tooLarge' : 'photo.wrongType', { file: file.name }),
      });
      setFile(null);
    }
    setBusy(false);
  };

  return (
    <Fieldset legend={t('photo.section')}>
      <Stack>
        <Group align="flex-start">
          {current ? (
            <Image
              src={current}
              alt={t('photo.current', { name })}
              h={PREVIEW_HEIGHT_PX}
              w="auto"
              fit="contain"
              radius="sm"
            />
          ) : (
            <Text c="dimmed">{t('photo.none')}</Text>
          )}
          {preview && file && (
            <Image
              src={preview}
              alt={t('photo.preview', { file: file.name })}
              h={PREVIEW_HEIGHT_PX}
              w="auto"
              fit="contain"
              radius="sm"
            />
          )}
        </Group>
        {editable && (
          <Group>
            <FileButton onChange={choose} accept={PHOTO_TYPES.join(',')}>
              {(props) => (
                <Button variant="default" {...props}>
                  {t('photo.choose')}
                </Button>
              )}
            </FileButton>
            {file && (
              <>
                <Button onClick={() => void upload()} loading={busy}>
                  {t('photo.upload')}
                </Button>
                <Button variant="subtle" onClick={() => setFile(null)} disabled={busy}>
                  {t('photo.cancel')}
                </Button>
              </>
            )}
            {current && !file && (
              <Button
                variant="subtle"
                color="red"
                loading={busy}
                onClick={async () => {
                  setBusy(true);
                  await attach(null, t('photo.removed'));
                  setBusy(false);
                }}
              >
                {t('photo.remove')}
              </Button>
            )}
          </Group>
        )}
        {editable && (
          <Text size="xs" c="dimmed">
            {t('photo.accepted')}
          </Text>
        )}
        <OutcomeMessage outcome={outcome} />
      </Stack>
    </Fieldset>
  );
}
