import { useCallback, useEffect, useState } from 'react';
import { useConsoleT } from '../i18n/useConsoleT';
import { useErrorText } from '../useErrorText';

export interface ListMessage {
  ok: boolean;
  text: string;
}

/**
 * A list an admin changes row by row (alert rules, webhooks): loaded at once, and again after each change; `act`
 * runs one change with the buttons busy and says how it went.
 */
export function useAdminList<T>(fetchList: () => Promise<T[]>) {
  const t = useConsoleT();
  const errorText = useErrorText();
  const [items, setItems] = useState<T[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ListMessage | null>(null);

  const load = useCallback(async () => {
    try {
      setItems(await fetchList());
    } catch (error) {
      setMessage({ ok: false, text: `${t('alerts.loadFailed')} ${errorText(error)}` });
    }
  }, [fetchList, errorText, t]);
  useEffect(() => void load(), [load]);

  /** Runs `work`; on success says `done` and calls `onDone`; in any case `onSettled`, then loads the list again. */
  const act = async (
    work: () => Promise<void>,
    done: string,
    after: { onDone?: () => void; onSettled?: () => void },
  ) => {
    setBusy(true);
    try {
      await work();
      setMessage({ ok: true, text: done });
      after.onDone?.();
    } catch (error) {
      setMessage({ ok: false, text: errorText(error) });
    } finally {
      setBusy(false);
      after.onSettled?.();
      await load();
    }
  };

  return { items, busy, message, act };
}
