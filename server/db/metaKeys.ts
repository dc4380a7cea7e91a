/** Set once the machines table has had data (demo or imported); an operator who empties it is not re-seeded. */
export const SEEDED_META_KEY = 'seeded_at';
/** When a sync of the feed last changed the stored machines. */
export const SYNCED_AT_META_KEY = 'feed_synced_at';
/** Who must have a second factor: `none`, `admins` or `everyone` (decision 0068); absent = none. */
export const FACTOR_POLICY_META_KEY = 'factor_policy';
/** The service promise's length in minutes (docs/operators-service.md), set by an admin; absent = the default. */
export const PROMISE_MINUTES_META_KEY = 'service_promise_minutes';
