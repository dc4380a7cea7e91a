import { atom } from 'jotai';

export interface Message {
  id: number;
  text: string;
}

/** The notification currently in the message bar, or null. */
export const messageAtom = atom<Message | null>(null);
messageAtom.debugLabel = 'message';

/** Messages shown so far: each new one gets a new id, so the same text twice shows twice. */
const messageCountAtom = atom(0);

export const showMessageAtom = atom(null, (get, set, text: string) => {
  const id = get(messageCountAtom) + 1;
  set(messageCountAtom, id);
  set(messageAtom, { id, text });
});
