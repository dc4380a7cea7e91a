import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { directionsUrl } from '../../card/directions';
import { localeAtom } from '../../i18n/localeAtom';
import { useT } from '../../i18n/useT';
import { formatDistance } from '../../nearby/formatDistance';
import { useConsoleT } from '../i18n/useConsoleT';
import { clockOf } from '../serviceLevels/serviceFormat';
import { UNDO_MS } from './emptying';
import type { RunStop } from './runStops';
import classes from './RunPage.module.css';

/** Seconds left to undo, counted down each second from `since`. */
function useSecondsLeft(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.ceil((since + UNDO_MS - now) / 1000));
}

interface RunCardProps {
  stop: RunStop;
  /** When this machine was recorded emptied, while it may be undone; null otherwise. */
  emptiedAt: number | null;
  /** Null for a person who may not change machines. */
  onEmptied: (() => void) | null;
  onUndo: () => void;
  busy: boolean;
}

/** One machine of the run: where, how full, its clock, how far, the way there, and "Emptied" with its undo. */
export function RunCard({ stop, emptiedAt, onEmptied, onUndo, busy }: RunCardProps) {
  const t = useConsoleT();
  const tPublic = useT();
  const locale = useAtomValue(localeAtom);
  const secondsLeft = useSecondsLeft(emptiedAt);
  const { machine } = stop;
  const name = machine[`name_${locale}`] || machine.name_en || machine.id;
  const address = machine[`address_${locale}`] || machine.address_en;
  const clock = clockOf(stop.minutesLeft, t);
  const distance = stop.metres === null ? null : formatDistance(stop.metres);
  return (
    <Card withBorder component="li" aria-label={name} className={classes.card}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={700}>{name}</Text>
          <Badge color={stop.kind === 'full' ? 'red' : 'orange'} variant="light">
            {t(`service.kinds.${stop.kind}`)}
          </Badge>
        </Group>
        {address && <Text size="sm">{address}</Text>}
        <Group gap="md">
          <Text fw={clock.late ? 700 : 400} c={clock.late ? 'red.8' : undefined}>
            {t(clock.late ? 'service.lateBy' : 'service.left', { time: clock.text })}
          </Text>
          {distance && <Text c="dimmed">{tPublic(distance.key, distance.params)}</Text>}
        </Group>
        {emptiedAt === null ? (
          <Group grow gap="sm">
            <Button
              component="a"
              href={directionsUrl(machine)}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              size="lg"
            >
              {t('run.directions')}
            </Button>
            {onEmptied && (
              <Button size="lg" onClick={onEmptied} loading={busy}>
                {t('run.emptied')}
              </Button>
            )}
          </Group>
        ) : (
          <Group justify="space-between" gap="sm" role="status">
            <Text fw={600}>{t('run.recorded', { time: String(secondsLeft) })}</Text>
            <Button size="lg" variant="outline" onClick={onUndo} loading={busy}>
              {t('run.undo')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
