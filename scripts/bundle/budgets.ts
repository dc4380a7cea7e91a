/** Issue 25's budgets, in bytes as sent compressed (1 KB = 1000 bytes). */
export const FIRST_SCREEN_BUDGET_BYTES = 200_000;
/** The map chunk with MapLibre's worker inside it, and what the chunk alone imports (decision 0027). */
export const MAP_BUDGET_BYTES = 450_000;
