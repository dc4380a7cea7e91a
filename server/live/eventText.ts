import type { LiveEvent } from './eventRing';

export interface EventText {
  /** The event as the stream sends it (Server-Sent Events). */
  text: string;
  /** Its size in UTF-8. */
  bytes: number;
}

/** One text per event, whatever the number of streams it goes to and replays it is part of. */
const written = new WeakMap<LiveEvent, EventText>();

/**
 * The event in the stream's wire form, made once: every stream that sends it holds the same string, so a
 * thousand streams that have not taken an event yet cost one copy of it, not a thousand.
 */
export function eventText(event: LiveEvent): EventText {
  let entry = written.get(event);
  if (!entry) {
    const data =
      event.type === 'resync' ? event.id : JSON.stringify(event.type === 'machine' ? event.machine : event.notice);
    const text = `event: ${event.type}\nid: ${event.id}\ndata: ${data}\n\n`;
    entry = { text, bytes: Buffer.byteLength(text) };
    written.set(event, entry);
  }
  return entry;
}

/** `resync` outside the ring: a returning client whose missed events cannot be replayed reloads the list. */
export const resyncText = (headId: string): string => `event: resync\nid: ${headId}\ndata: ${headId}\n\n`;
