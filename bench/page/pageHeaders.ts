/**
 * Headers the bench page's HTML needs from whatever serves it: the JS self-profiler, with which the stage
 * measures its main-thread JS, is only offered to documents that ask for it.
 */
export const PAGE_HEADERS: Record<string, string> = { 'document-policy': 'js-profiling' };
