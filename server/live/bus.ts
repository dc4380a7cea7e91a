import type { ApiMachine } from '../machines/repository';
import { EventRing, type LiveEvent } from './eventRing';

export type LiveListener = (event: LiveEvent) => void;

/** Changes kept for clients that reconnect: at ~1 KB a machine, about 1 MB. */
export const REPLAY_EVENTS = 1000;

/** In-process fan-out of machine updates to the open event streams of this server, numbered for replay. */
export class MachineBus {
  private readonly listeners = new Set<LiveListener>();
  private readonly ring: EventRing;

  constructor(replayEvents = REPLAY_EVENTS) {
    this.ring = new EventRing(replayEvents);
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(machine: ApiMachine): void {
    const event = this.ring.push(machine);
    for (const listener of this.listeners) listener(event);
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
}
