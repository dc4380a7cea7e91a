import { useCallback, useState } from 'react';
import type { Outcome } from '../OutcomeMessage';
import { useErrorText } from '../useErrorText';
import { useConsoleAction } from './useConsoleAction';

/**
 * An act whose end the page says in an `OutcomeMessage`: the text the act answers when it succeeds (null: nothing to
 * say), or what it failed with in the words of `failureText` (the error catalogue's by default). `say` puts a message
 * of the page's own in its place, or none.
 */
export function useOutcomeAction(failureText?: (error: unknown) => string) {
  const errorText = useErrorText();
  const { busy, failure, run, clear } = useConsoleAction(failureText ?? errorText);
  const [said, setSaid] = useState<Outcome>(null);
  const runSaying = useCallback(
    async (act: () => Promise<string | null>) => {
      setSaid(null);
      await run(async () => {
        const text = await act();
        setSaid(text === null ? null : { ok: true, text });
      });
    },
    [run],
  );
  const say = useCallback(
    (outcome: Outcome) => {
      clear();
      setSaid(outcome);
    },
    [clear],
  );
  const outcome: Outcome = failure !== null ? { ok: false, text: failure } : said;
  return { busy, outcome, run: runSaying, say };
}
