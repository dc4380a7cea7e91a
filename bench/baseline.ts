/** The commit whose build of our page runs beside ours (issue 23: the build before the map's rewrite). */
export const BASELINE_REF = 'b4e91f9';

/** Written by `npm run bench:baseline-build` next to the build, as bench/dist-baseline/baseline.json. */
export interface BaselineBuild {
  ref: string;
  commit: string;
  /** Hash of the bench page files laid over the commit's own: a change to them builds the baseline again. */
  harness: string;
  builtAt: string;
}

/** How the report names the baseline page, e.g. "ours-b4e91f9". */
export const baselineLabel = (commit: string) => `ours-${commit.slice(0, 7)}`;
