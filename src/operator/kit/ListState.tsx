import { Alert, Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { Loading } from '../Loading';
import { useErrorText } from '../useErrorText';

interface ListStateProps<T> {
  /** The list, or null before its first answer. */
  items: readonly T[] | null;
  /** Why the last read failed, or null. */
  failure: unknown;
  /** Says the read failed, before the error's own words: "Could not load the audit log." */
  failed: string;
  /** Offers to read again after a failure. */
  onRetry?: () => void;
  /** The words while the first answer is on its way; "Loading…" unless given. */
  loading?: string;
  /** The words for an empty list; without them, an empty list is shown as any other. */
  empty?: string;
  /** A button for the next page while there is one: its words, whether it is on its way, what it does. */
  more?: { label: string; busy: boolean; onMore: () => void } | null;
  /** The list shown: a ConsoleTable, which is cards on a phone. */
  children: (items: readonly T[]) => ReactNode;
}

/** A console list's states: its failure, the wait for its first answer, an empty list, the list, its next page. */
export function ListState<T>({ items, failure, failed, onRetry, loading, empty, more, children }: ListStateProps<T>) {
  const t = useConsoleT();
  const errorText = useErrorText();
  return (
    <>
      {failure !== null && (
        <Alert color="red" role="alert">
          <Stack align="flex-start" gap="xs">
            <Text size="sm">
              {failed} {errorText(failure)}
            </Text>
            {onRetry && (
              <Button size="xs" variant="default" onClick={onRetry}>
                {t('console.retry')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {items === null ? (
        failure === null && <Loading text={loading} />
      ) : items.length === 0 && empty !== undefined ? (
        <Text>{empty}</Text>
      ) : (
        children(items)
      )}
      {more && items !== null && (
        <Button variant="default" loading={more.busy} onClick={more.onMore} style={{ alignSelf: 'flex-start' }}>
          {more.label}
        </Button>
      )}
    </>
  );
}
