import type { ReportKind } from '../../../shared/contract/reportKinds';
import type { ConsoleKey } from '../i18n/consoleMessages';

/** Each kind of report's words in the console. */
export const KIND_NAMES: Record<ReportKind, ConsoleKey> = {
  fullShownWithRoom: 'reports.kindFullShownWithRoom',
  notWorking: 'reports.kindNotWorking',
  notFoundHere: 'reports.kindNotFoundHere',
  other: 'reports.kindOther',
};
