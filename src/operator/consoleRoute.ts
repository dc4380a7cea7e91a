import { OPERATOR_PATH } from '../config';

/** The console's pages. */
export type ConsoleRoute =
  | { page: 'fleet' }
  | { page: 'machine'; id: string }
  | { page: 'audit' }
  | { page: 'feed' }
  | { page: 'alerts' }
  | { page: 'service' }
  | { page: 'run' }
  | { page: 'people' }
  | { page: 'tokens' }
  | { page: 'import' }
  | { page: 'sessions' }
  | { page: 'unknown' };

/**
 * Which console page a path shows (`/operator`, `/operator/machines/:id`, `/operator/audit`, `/operator/feed`,
 * `/operator/alerts`, `/operator/service`, `/operator/run`, `/operator/people`, `/operator/tokens`, `/operator/import`, `/operator/sessions`).
 */
export function consoleRouteOf(pathname: string): ConsoleRoute {
  const rest = pathname.replace(/\/+$/, '').slice(OPERATOR_PATH.length);
  if (rest === '') return { page: 'fleet' };
  if (rest === '/audit') return { page: 'audit' };
  if (rest === '/feed') return { page: 'feed' };
  if (rest === '/alerts') return { page: 'alerts' };
  if (rest === '/service') return { page: 'service' };
  if (rest === '/run') return { page: 'run' };
  if (rest === '/import') return { page: 'import' };
  if (rest === '/people') return { page: 'people' };
  if (rest === '/tokens') return { page: 'tokens' };
  if (rest === '/sessions') return { page: 'sessions' };
  const machine = /^\/machines\/([^/]+)$/.exec(rest);
  if (machine?.[1]) {
    try {
      return { page: 'machine', id: decodeURIComponent(machine[1]) };
    } catch {
      return { page: 'unknown' };
    }
  }
  return { page: 'unknown' };
}

export const fleetPath = (): string => OPERATOR_PATH;
export const auditPath = (): string => `${OPERATOR_PATH}/audit`;
export const feedPath = (): string => `${OPERATOR_PATH}/feed`;
export const alertsPath = (): string => `${OPERATOR_PATH}/alerts`;
export const servicePath = (): string => `${OPERATOR_PATH}/service`;
export const runPath = (): string => `${OPERATOR_PATH}/run`;
export const importPath = (): string => `${OPERATOR_PATH}/import`;
export const peoplePath = (): string => `${OPERATOR_PATH}/people`;
export const tokensPath = (): string => `${OPERATOR_PATH}/tokens`;
export const sessionsPath = (): string => `${OPERATOR_PATH}/sessions`;
export const machinePath = (id: string): string => `${OPERATOR_PATH}/machines/${encodeURIComponent(id)}`;

/** The public map in the language of `search`. */
export function publicMapPath(search: string): string {
  const locale = new URLSearchParams(search).get('locale');
  return locale === null ? '/' : `/?${new URLSearchParams({ locale }).toString()}`;
}
