import { useEffect } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { useList } from '../kit/useList';
import { useOutcomeAction } from '../kit/useOutcomeAction';
import { useErrorText } from '../useErrorText';

export interface ListMessage {
  ok: boolean;
  text: string;
}

/**
 * A list an admin changes row by row (alert rules, webhooks): read as any list (kit/useList), again after each
 * change; `act` runs one change with the buttons busy, and `message` says how it went, or that the list failed.
 */
export function useListChanges<T>(fetchList: () => Promise<T[]>) {
  const t = useConsoleT();
  const errorText = useErrorText();
  const { items, failure, reload } = useList(fetchList);
  const { busy, outcome: message, run, say } = useOutcomeAction();
  useEffect(() => {
    if (failure !== null) say({ ok: false, text: `${t('alerts.loadFailed')} ${errorText(failure)}` });
  }, [failure, errorText, t, say]);

  /** Runs `work`; on success says `done` and calls `onDone`; in any case `onSettled`, then loads the list again. */
  const act = async (
    work: () => Promise<void>,
    done: string,
    after: { onDone?: () => void; onSettled?: () => void },
  ) => {
    await run(async () => {
      await work();
      after.onDone?.();
      return done;
    });
    after.onSettled?.();
    await reload();
  };

  return { items, busy, message, act };
}
