import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOutcomeAction } from './useOutcomeAction';

const failureText = (error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`;

describe('useOutcomeAction', () => {
  it("says what the act answered, or its failure in the page's words, until the next try or say", async () => {
    const { result } = renderHook(() => useOutcomeAction(failureText));
    expect(result.current.outcome).toBeNull();

    await act(() => result.current.run(() => Promise.resolve('Saved.')));
    expect(result.current).toMatchObject({ busy: false, outcome: { ok: true, text: 'Saved.' } });

    let finish!: (error: Error) => void;
    let done!: Promise<void>;
    act(() => {
      done = result.current.run(() => new Promise<string>((_, reject) => (finish = reject)));
    });
    expect(result.current).toMatchObject({ busy: true, outcome: null });
    await act(async () => {
      finish(new Error('refused'));
      await done;
    });
    expect(result.current).toMatchObject({ busy: false, outcome: { ok: false, text: 'failed: refused' } });

    act(() => result.current.say({ ok: true, text: 'Added.' }));
    expect(result.current.outcome).toEqual({ ok: true, text: 'Added.' });
    act(() => result.current.say(null));
    expect(result.current.outcome).toBeNull();
  });
});
