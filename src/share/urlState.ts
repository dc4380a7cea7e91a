import { AREAS, DISTRICTS_BY_AREA, DISTRICTS, areaOfDistrict, type Area, type District } from '../../shared/machine';
import { STATUS_GROUPS, type StatusGroup } from '../machines/statusGroups';
import { SORT_ORDERS, type SortOrder } from '../nearby/sortOrder';

/** The part of the view a shared link carries. */
export interface UrlState {
  machine: string | null;
  status: StatusGroup | null;
  area: Area | null;
  district: District | null;
  q: string;
  openNow: boolean;
  sort: SortOrder;
}

export const EMPTY_URL_STATE: UrlState = {
  machine: null,
  status: null,
  area: null,
  district: null,
  q: '',
  openNow: false,
  sort: 'list',
};

/** The parameters this module owns; every other parameter (locale, fontSize, kiosk…) is left alone. */
const KEYS = ['machine', 'status', 'area', 'district', 'q', 'openNow', 'sort'] as const;
const MAX_ID_LENGTH = 100;
const MAX_QUERY_LENGTH = 200;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** Reads a query string; each unknown or malformed value is ignored on its own. */
export function decodeUrlState(search: string): UrlState {
  const params = new URLSearchParams(search);
  const machine = params.get('machine')?.trim() ?? '';
  const district = oneOf(DISTRICTS, params.get('district'));
  const area = oneOf(AREAS, params.get('area')) ?? (district ? areaOfDistrict(district) : null);
  const districtInArea =
    district && area && (DISTRICTS_BY_AREA[area] as readonly string[]).includes(district) ? district : null;
  return {
    machine: machine && machine.length <= MAX_ID_LENGTH ? machine : null,
    status: oneOf(STATUS_GROUPS, params.get('status')),
    area,
    district: districtInArea,
    q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
    openNow: params.get('openNow') === '1',
    sort: oneOf(SORT_ORDERS, params.get('sort')) ?? 'list',
  };
}

/** `search` with this module's parameters set from `state` (defaults left out) and all others kept as they were. */
export function encodeUrlState(search: string, state: UrlState): string {
  const params = new URLSearchParams(search);
  for (const key of KEYS) params.delete(key);
  const values: Record<(typeof KEYS)[number], string | null> = {
    machine: state.machine,
    status: state.status,
    area: state.area,
    district: state.district,
    q: state.q || null,
    openNow: state.openNow ? '1' : null,
    sort: state.sort === 'list' ? null : state.sort,
  };
  for (const key of KEYS) {
    const value = values[key];
    if (value !== null) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
