/** Now, as the server sees it: tests hand the app a clock they move, to see a lock end or a session expire. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
