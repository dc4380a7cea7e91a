import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useT } from '../i18n/useT';
import { navigateAtom } from '../router/routeAtom';

/** The login route of the spec: a plain sign-in page. Operator accounts live outside this product. */
export function LoginPage() {
  const t = useT();
  const navigate = useSetAtom(navigateAtom);
  const [submitted, setSubmitted] = useState(false);
  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw="26rem">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setSubmitted(true);
          }}
        >
          <Stack>
            <Title order={1} size="h2">
              {t('login.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('login.intro')}
            </Text>
            <TextInput label={t('login.username')} name="username" autoComplete="username" required />
            <PasswordInput label={t('login.password')} name="password" autoComplete="current-password" required />
            {submitted && <Alert color="yellow">{t('login.notAvailable')}</Alert>}
            <Button type="submit">{t('login.submit')}</Button>
            <Anchor
              href="/"
              onClick={(e) => {
                e.preventDefault();
                navigate({ path: '/', replace: false });
              }}
            >
              {t('login.back')}
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
