/**
 * A machine as `POST /api/rvm/` sends it: every field of the contract (null / false when unknown), then the fields an
 * import kept untouched.
 */
export type { ApiMachine } from '../../shared/contract/machine';

/** Where the API serves a stored photo: a machine's `thumbnail`. */
export const fileUrl = (id: string): string => `/api/file/${id}`;
