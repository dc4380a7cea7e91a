import type { District } from '../../shared/contract/machine';
import type { EpisodeEntry } from '../../shared/service/episodes';
import type { AccessChange } from './accessAudit';

/** The promise's length when no admin has set it: the pilot's 4 hours. */
export const DEFAULT_PROMISE_MINUTES = 240;

/** A machine's history over a span, as its episodes are made of. */
export interface MachineSpan {
  machineId: string;
  /** The machine's district now. */
  district: District;
  /** The last entry before the span (the state it began in) and the entries in it that change an episode. */
  entries: EpisodeEntry[];
}

/** The service levels' reads (docs/operators-service.md) and the promise's setting, on both engines. */
export interface ServiceStore {
  /**
   * The history of each machine from `from` to before `to` (ISO 8601, UTC), with its state at `from`; only the
   * entries that start or end an episode. With `districts`, only the machines of those.
   */
  spans(from: string, to: string, districts: readonly District[]): Promise<MachineSpan[]>;
  /** The promise's length in minutes. */
  promiseMinutes(): Promise<number>;
  /** Sets it and records `change` in the access audit, in one transaction. */
  setPromiseMinutes(minutes: number, change: AccessChange): Promise<void>;
}
