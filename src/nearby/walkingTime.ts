/** Streets are not straight lines: a walk between two points of a town is about this much longer than the crow flies. */
export const WALKING_DETOUR_FACTOR = 1.3;
/** An unhurried adult's pace: 4.8 km/h. */
export const WALKING_METRES_PER_MIN = 80;

/** About how many minutes a walk takes to a place this far in a straight line: at least 1. */
export function walkingMinutes(straightMetres: number): number {
  return Math.max(1, Math.ceil((straightMetres * WALKING_DETOUR_FACTOR) / WALKING_METRES_PER_MIN));
}
