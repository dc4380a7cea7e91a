import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ServiceEpisode } from '../../../shared/contract/service';
import type { Machine } from '../../../shared/machine';
import { parseMachineList } from '../../machines/parseMachines';
import { useConsoleT } from '../i18n/useConsoleT';
import { Loading } from '../Loading';
import { useConsoleCall } from '../session/ConsoleApi';
import { sessionAtom } from '../session/sessionAtoms';
import { useErrorText } from '../useErrorText';
import { usePolling } from '../usePolling';
import { fetchOpenEpisodes } from '../serviceLevels/serviceCalls';
import { beforeEmptying, recordEmptying, undoEmptying, UNDO_MS, type BeforeEmptying } from './emptying';
import { RunCard } from './RunCard';
import { runStops } from './runStops';
import classes from './RunPage.module.css';

const REFRESH_MS = 60_000;

interface Emptied {
  at: number;
  before: BeforeEmptying;
}

/**
 * The crew's run on a phone: the full and nearly full machines of the person's districts, least time left first,
 * how far each is once the phone's position is given, the way there, and "Emptied" with 10 seconds to undo it.
 */
export function RunPage() {
  const t = useConsoleT();
  const call = useConsoleCall();
  const errorText = useErrorText();
  const mayEmpty = useAtomValue(sessionAtom)?.role !== 'viewer';
  const [episodes, setEpisodes] = useState<ServiceEpisode[] | null>(null);
  const [machines, setMachines] = useState<Machine[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const [origin, setOrigin] = useState<[number, number] | null>(null);
  const [locating, setLocating] = useState(false);
  const [emptied, setEmptied] = useState<ReadonlyMap<string, Emptied>>(new Map());
  const [busy, setBusy] = useState<string | null>(null);
  const timers = useRef(new Map<string, number>());

  const load = useCallback(async () => {
    try {
      const [open, list] = await Promise.all([
        fetchOpenEpisodes(call),
        call('operator/machines', undefined, { method: 'GET', not_blocking: true, throw_error: true }),
      ]);
      const parsed = parseMachineList(list);
      if (!parsed.ok) throw new Error('the machine list answer has no machines');
      setMachines(parsed.machines);
      setEpisodes(open.episodes);
      setFailure(null);
    } catch (error) {
      setFailure(error);
    }
  }, [call]);
  usePolling(load, REFRESH_MS);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const forget = (id: string) => {
    window.clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setEmptied((current) => {
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  };

  const empty = async (machine: Machine) => {
    setBusy(machine.id);
    const before = beforeEmptying(machine);
    const result = await recordEmptying(call, machine, new Date());
    setBusy(null);
    if (result.kind !== 'saved') {
      setFailure(result.kind === 'failed' ? result.error : new Error(t('run.refused')));
      return;
    }
    setEmptied((current) => new Map(current).set(machine.id, { at: Date.now(), before }));
    timers.current.set(
      machine.id,
      window.setTimeout(() => {
        forget(machine.id);
        void load();
      }, UNDO_MS),
    );
  };

  const undo = async (id: string) => {
    const record = emptied.get(id);
    if (!record) return;
    setBusy(id);
    const result = await undoEmptying(call, id, record.before);
    setBusy(null);
    forget(id);
    if (result.kind !== 'saved') setFailure(result.kind === 'failed' ? result.error : new Error(t('run.refused')));
    await load();
  };

  const locate = () => {
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setOrigin([position.coords.latitude, position.coords.longitude]);
        setLocating(false);
      },
      () => {
        setFailure(new Error(t('run.noPosition')));
        setLocating(false);
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  // A machine emptied a moment ago stays on the run, as it was, until its undo runs out.
  const shown = machines.map((machine) => {
    const record = emptied.get(machine.id);
    return record ? { ...machine, status: record.before.status } : machine;
  });
  const stops = episodes === null ? null : runStops(episodes, shown, origin);

  return (
    <Stack gap="md">
      <Title order={2}>{t('run.title')}</Title>
      <Text>{t('run.intro')}</Text>
      <Group>
        <Button size="lg" variant="default" onClick={locate} loading={locating}>
          {origin ? t('run.positionKnown') : t('run.usePosition')}
        </Button>
      </Group>
      {failure !== null && <Alert color="red">{errorText(failure)}</Alert>}
      {stops === null ? (
        failure === null && <Loading />
      ) : stops.length === 0 ? (
        <Text>{t('run.nothingToEmpty')}</Text>
      ) : (
        <ul className={classes.list} aria-label={t('run.list')}>
          {stops.map((stop) => (
            <RunCard
              key={stop.machine.id}
              stop={stop}
              emptiedAt={emptied.get(stop.machine.id)?.at ?? null}
              onEmptied={mayEmpty ? () => void empty(stop.machine) : null}
              onUndo={() => void undo(stop.machine.id)}
              busy={busy === stop.machine.id}
            />
          ))}
        </ul>
      )}
    </Stack>
  );
}
