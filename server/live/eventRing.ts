import { randomBytes } from 'node:crypto';
import type { ImportNotice } from '../db/engine';
import type { ApiMachine } from '../machines/apiMachine';

/** What the event stream sends, in order: `id` is what a reconnecting client hands back. */
export type LiveEvent =
  | { id: string; type: 'machine'; machine: ApiMachine }
  | { id: string; type: 'import'; notice: ImportNotice }
  | { id: string; type: 'resync' };

/** A change before it is numbered. */
export type LiveChange =
  { type: 'machine'; machine: ApiMachine } | { type: 'import'; notice: ImportNotice } | { type: 'resync' };

/**
 * The last `capacity` changes of this server process, numbered from 1. Ids are `<process>.<number>`: an id
 * another process gave out (before a restart, or a sibling behind a load balancer) cannot be replayed here.
 */
export class EventRing {
  private readonly events: LiveEvent[] = [];
  private newest = 0;

  constructor(
    private readonly capacity: number,
    private readonly process = randomBytes(4).toString('hex'),
  ) {}

  push(change: LiveChange): LiveEvent {
    this.newest += 1;
    const event: LiveEvent = { id: `${this.process}.${this.newest}`, ...change };
    this.events.push(event);
    if (this.events.length > this.capacity) this.events.shift();
    return event;
  }

  /** The id of the newest change (`<process>.0` before the first): where a new client starts. */
  get headId(): string {
    return `${this.process}.${this.newest}`;
  }

  /** The changes after `lastId`, oldest first; null when some of them are no longer here, or never were. */
  since(lastId: string): LiveEvent[] | null {
    const match = /^([0-9a-f]+)\.(\d{1,15})$/.exec(lastId);
    if (!match || match[1] !== this.process) return null;
    const seen = Number(match[2]);
    const oldestKept = this.newest - this.events.length + 1;
    if (seen > this.newest || seen < oldestKept - 1) return null;
    return this.events.slice(seen - oldestKept + 1);
  }
}
