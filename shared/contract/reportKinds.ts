/**
 * A problem report's kinds and its text's length, apart from the rest of the contract (problemReport.ts) so that the
 * page's lazy report form imports nothing the shell holds (decision 0070).
 */
export const REPORT_KINDS = ['fullShownWithRoom', 'notWorking', 'notFoundHere', 'other'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_TEXT_MAX_LENGTH = 500;
