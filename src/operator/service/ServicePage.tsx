import { Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { sessionAtom } from '../session/sessionAtoms';
import { MonthReport } from './MonthReport';
import { OpenEpisodes } from './OpenEpisodes';
import { PromiseSetting } from './PromiseSetting';
import classes from './ServicePage.module.css';

/**
 * Service levels (docs/operators-service.md): the episodes going on with their clocks, a month's report for a
 * district (its CSV, its one-page print), and for admins the promise's length.
 */
export function ServicePage() {
  const t = useConsoleT();
  const admin = useAtomValue(sessionAtom)?.role === 'admin';
  // A new promise changes every clock and verdict: the sections are loaded anew.
  const [version, setVersion] = useState(0);
  return (
    <Stack gap="lg" className={classes.page}>
      <Title order={2}>{t('service.title')}</Title>
      <Text className={classes.noPrint}>{t('service.intro')}</Text>
      <OpenEpisodes key={`open-${version}`} />
      <MonthReport key={`month-${version}`} />
      {admin && <PromiseSetting onSaved={() => setVersion((current) => current + 1)} />}
    </Stack>
  );
}
