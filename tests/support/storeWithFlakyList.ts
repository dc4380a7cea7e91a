import { createStore } from 'jotai';
import { apiAtom } from '../../src/api/apiAtom';
import type { CallOptions } from '../../src/api/client';
import { testMachine } from './testMachine';

/**
 * A store whose list call fails `failures` times, then answers one machine ('fresh'); it records each call's
 * options.
 */
export function storeWithFlakyList(failures: number) {
  const store = createStore();
  const calls: (CallOptions | undefined)[] = [];
  store.set(apiAtom, {
    call: (async (_path: string, _payload?: unknown, options?: CallOptions) => {
      calls.push(options);
      if (calls.length <= failures) throw new Error('network');
      return { success: true, rvms: [testMachine('fresh')] };
    }) as never,
  });
  return { store, calls };
}
