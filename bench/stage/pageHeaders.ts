/**
 * Headers a document holding the stage needs from whatever serves it (the benchmark page's servers, the harness,
 * the start-up trace): the JS self-profiler, with which the stage measures its main-thread JS (jsSampler.ts), is
 * only offered to documents that ask for it.
 */
export const PAGE_HEADERS: Record<string, string> = { 'document-policy': 'js-profiling' };
