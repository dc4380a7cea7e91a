export const SORT_ORDERS = ['list', 'distance'] as const;
/** How the Location List is ordered: as the server sends it, or nearest first. */
export type SortOrder = (typeof SORT_ORDERS)[number];
