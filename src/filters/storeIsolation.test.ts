import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { Machine } from '../../shared/machine';
import { filteredMachinesAtom, searchQueryAtom } from './filterAtoms';
import { machinesAtom, packedMachinesAtom, replaceMachineAtom } from '../machines/machinesAtom';
import { searchIndexAtom } from '../machines/searchIndexAtoms';
import { showMessageAtom, messageAtom } from '../messages/messageAtom';
import { focusRequestAtom, requestFocusAtom } from '../selection/selectionAtoms';
import { testMachine } from '../../tests/support/testMachine';

const m = (id: string, status: Machine['status'] = '>40%'): Machine =>
  testMachine(id, { status, name_en: `Machine ${id}`, name_zht: '', name_zhs: '' });

describe('two stores', () => {
  it('share no machine list, packing, search index, message or request', () => {
    const one = createStore();
    const two = createStore();
    const list = [m('a'), m('b')];
    one.set(machinesAtom, list);
    two.set(machinesAtom, list);
    one.set(searchQueryAtom, 'machine');
    two.set(searchQueryAtom, 'machine');
    expect(one.get(filteredMachinesAtom).count).toBe(2);
    expect(two.get(filteredMachinesAtom).count).toBe(2);
    const packedTwo = two.get(packedMachinesAtom);
    const indexTwo = two.get(searchIndexAtom);
    // Each store packs and indexes its own list, even the same list.
    expect(one.get(packedMachinesAtom)).not.toBe(packedTwo);
    expect(one.get(searchIndexAtom)).not.toBe(indexTwo);

    one.set(replaceMachineAtom, m('b', 'Full'));
    expect(one.get(packedMachinesAtom).changes?.rows).toEqual(Uint32Array.of(1));
    expect(two.get(machinesAtom)).toBe(list);
    expect(two.get(packedMachinesAtom)).toBe(packedTwo);
    expect(two.get(searchIndexAtom)).toBe(indexTwo);
    expect(one.get(packedMachinesAtom).revision).toBe(packedTwo.revision + 1);

    one.set(showMessageAtom, 'hello');
    two.set(showMessageAtom, 'hello');
    expect(one.get(messageAtom)?.id).toBe(two.get(messageAtom)?.id);
    one.set(requestFocusAtom, 'a');
    two.set(requestFocusAtom, 'a');
    expect(one.get(focusRequestAtom)).toEqual(two.get(focusRequestAtom));
  });
});
