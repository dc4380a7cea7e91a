import type { ImportNotice } from '../db/engine';
import type { ApiMachine } from '../machines/apiMachine';
import { EventRing, type LiveChange, type LiveEvent } from './eventRing';

export type LiveListener = (event: LiveEvent) => void;

/** Changes kept for clients that reconnect: at ~1 KB a machine, about 1 MB. */
export const REPLAY_EVENTS = 1000;

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

  /** See EventRing.since: the changes a client missed, or null when it must reload the list. */
  since(lastId: string): LiveEvent[] | null {
    return this.ring.since(lastId);
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
