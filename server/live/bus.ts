import type { ImportNotice } from '../db/engine';
import type { ApiMachine } from '../machines/apiMachine';
import { EventRing, type LiveChange, type LiveEvent } from './eventRing';
import { eventText } from './eventText';
import { MAX_REPLAY_EVENTS, REPLAY_CAPS, type ReplayCaps } from './streamLimits';

export type LiveListener = (event: LiveEvent) => void;

/** Changes kept for clients that reconnect: as many as one replay may send (a machine is at most about 9 KB: 4.5 MB). */
export const REPLAY_EVENTS = MAX_REPLAY_EVENTS;

/** In-process fan-out of machine updates and imports to the open event streams of this server, numbered for replay. */
export class MachineBus {
  private readonly listeners = new Set<LiveListener>();
  private ring: EventRing;

  constructor(private readonly replayEvents = REPLAY_EVENTS) {
    this.ring = new EventRing(replayEvents);
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(machine: ApiMachine): void {
    this.send({ type: 'machine', machine });
  }

  publishImport(notice: ImportNotice): void {
    this.send({ type: 'import', notice });
  }

  /**
   * Changes were missed (the connection that hears other instances was lost): every open stream is told to reload
   * the list, and the ids given out so far can no longer be replayed, so a client returning with one reloads too.
   */
  resync(): void {
    this.ring = new EventRing(this.replayEvents);
    this.send({ type: 'resync' });
  }

  /**
   * The changes a client missed (EventRing.since), or null when it must reload the list instead: some of them are
   * gone, or there are more of them than `caps` lets one replay send.
   */
  since(lastId: string, caps: ReplayCaps = REPLAY_CAPS): LiveEvent[] | null {
    const missed = this.ring.since(lastId);
    if (missed === null || missed.length > caps.maxEvents) return null;
    let bytes = 0;
    for (const event of missed) {
      bytes += eventText(event).bytes;
      if (bytes > caps.maxBytes) return null;
    }
    return missed;
  }

  get headId(): string {
    return this.ring.headId;
  }

  get size(): number {
    return this.listeners.size;
  }

  private send(change: LiveChange): void {
    const event = this.ring.push(change);
    for (const listener of this.listeners) listener(event);
  }
}
