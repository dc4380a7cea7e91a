import { atom } from 'jotai';

export interface Message {
  id: number;
  text: string;
}

/** The notification currently in the message bar, or null. */
export const messageAtom = atom<Message | null>(null);
messageAtom.debugLabel = 'message';

let nextId = 1;
export const showMessageAtom = atom(null, (_get, set, text: string) => {
  set(messageAtom, { id: nextId++, text });
});
