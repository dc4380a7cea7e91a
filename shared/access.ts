/** Who may do what in the console and the operator API: the server, its migrations and the console read these. */

/** `admin` may do everything; `operator` changes machines, stores photos and imports; `viewer` reads the console. */
export const ROLES = ['admin', 'operator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** A named API token's state, as the server derives it from its expiry and revocation. */
export const TOKEN_STATES = ['active', 'expired', 'revoked'] as const;
export type TokenState = (typeof TOKEN_STATES)[number];
