import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { localeAtom } from '../../i18n/localeAtom';
import { useT } from '../../i18n/useT';
import { consoleCataloguesAtom, loadConsoleCataloguesAtom } from './consoleCatalogueAtoms';

/**
 * Shows its children once the console's English texts are here (the language's own follow), a loader before, and
 * a way to try again when they cannot be downloaded. Until then only the public page's texts exist.
 */
export function ConsoleI18n({ children }: { children: ReactNode }) {
  const t = useT();
  const locale = useAtomValue(localeAtom);
  const english = useAtomValue(consoleCataloguesAtom).en;
  const load = useSetAtom(loadConsoleCataloguesAtom);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setFailed(false);
    load(locale).catch(() => setFailed(true));
  }, [load, locale, attempt]);
  if (english) return children;
  return (
    <Center mih="100dvh" component="main">
      {failed ? (
        <Stack align="center">
          <Text>{t('error.systemError')}</Text>
          <Button onClick={() => setAttempt((n) => n + 1)}>{t('error.retry')}</Button>
        </Stack>
      ) : (
        <Loader role="status" aria-label={t('app.loading')} />
      )}
    </Center>
  );
}
