import type { ApiMachine, Area, District, FeedField, Status } from './contract/machine';

// The enumerations are the contract's; they are named here too because the page imports them with its Machine.
export {
  AREAS,
  DISTRICTS,
  DISTRICTS_BY_AREA,
  LOCALES,
  STATUSES,
  areaOfDistrict,
  type Area,
  type District,
  type Locale,
  type Status,
} from './contract/machine';

/** What the page may find missing from a machine: the server always sends them, another server or a test may not. */
type MaybeMissing = 'picture' | 'thumbnail' | 'opening_hours' | FeedField;

/**
 * A machine as the page holds it: the contract's machine (`contract/machine.ts`) as the page's parser reads it
 * (`src/machines/parseMachines.ts`). Fields the page does not know stay on the object untouched, untyped: they
 * reach the host with a card click.
 */
export type Machine = Omit<ApiMachine, 'area' | 'district' | 'status' | MaybeMissing> &
  Partial<Omit<Pick<ApiMachine, MaybeMissing>, 'picture'>> & {
    /** null when the server sent an unknown area (then only 'All' matches it). */
    area: Area | null;
    /** null when the server sent an unknown district. */
    district: District | null;
    /** null when the server sent an unknown status (shown as maintenance, docs/spec.md#display-states). */
    status: Status | null;
    picture?: { id: string } | null;
    /** Set by the page, never by the feed: `last_online` is older than the stale threshold (freshness/). */
    stale?: boolean;
  };
