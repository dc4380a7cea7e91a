import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useConsoleAction } from './useConsoleAction';

describe('useConsoleAction', () => {
  it('is busy while the act runs, keeps its failure, and forgets it on the next try or clear', async () => {
    const { result } = renderHook(() => useConsoleAction());
    let finish!: () => void;
    let done!: Promise<void>;
    act(() => {
      done = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await done;
    });
    expect(result.current).toMatchObject({ busy: false, failure: null });

    const refusal = new Error('refused');
    await act(() => result.current.run(() => Promise.reject(refusal)));
    expect(result.current).toMatchObject({ busy: false, failure: refusal });
    act(() => result.current.clear());
    expect(result.current.failure).toBeNull();

    await act(() => result.current.run(() => Promise.reject(refusal)));
    await act(() => result.current.run(() => Promise.resolve()));
    expect(result.current.failure).toBeNull();
  });

  it('puts a failure in words when it happens, with the describer of that moment', async () => {
    let word = 'first';
    const { result, rerender } = renderHook(() => useConsoleAction((error) => `${word}: ${(error as Error).message}`));
    await act(() => result.current.run(() => Promise.reject(new Error('refused'))));
    expect(result.current.failure).toBe('first: refused');
    word = 'second';
    rerender();
    expect(result.current.failure).toBe('first: refused');
    await act(() => result.current.run(() => Promise.reject(new Error('refused'))));
    expect(result.current.failure).toBe('second: refused');
  });
});
