/** Set by the server build (scripts/build/serverBuild.ts); absent when the sources run under tsx or vitest. */
declare const RVM_BUILD_INFO: { version: string; commit: string } | undefined;

/** What was built: the package's version and the commit, with "+changes" when the tree had uncommitted ones. */
export interface BuildInfo {
  readonly version: string;
  readonly commit: string;
}

export const BUILD_INFO: BuildInfo =
  typeof RVM_BUILD_INFO === 'undefined' ? { version: 'source', commit: 'unknown' } : RVM_BUILD_INFO;
