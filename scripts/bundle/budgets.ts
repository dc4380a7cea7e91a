/** Issue 25's budgets, in bytes as sent compressed (1 KB = 1000 bytes). */
export const FIRST_SCREEN_BUDGET_BYTES = 200_000;
/** The map chunk with MapLibre's worker inside it, and what the chunk alone imports (decision 0027). */
export const MAP_BUDGET_BYTES = 450_000;
/**
 * Any script as built, minified, before compression (1 kB = 1000 bytes): the largest is the map chunk, MapLibre's
 * worker inside it. Vite warns over it (vite.config.ts, build.chunkSizeWarningLimit); tests/build/budget.test.ts fails.
 */
export const CHUNK_BUDGET_KB = 2_500;
/**
 * What the English page downloaded before the Location List showed machines on main at 4fd8429, the commit before
 * the operator console (issue 50): the reference its budget is kept against.
 */
export const FIRST_SCREEN_BEFORE_CONSOLE_BYTES = 197_562;
/** The console may add this much to a visitor's first load: its route's entry, never its code (issue 50). */
export const CONSOLE_FIRST_LOAD_ALLOWANCE_BYTES = 1_000;
