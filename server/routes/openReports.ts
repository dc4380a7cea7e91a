import { OPEN_REPORTS_ANSWER } from '../../shared/contract/problemReport';
import { reachesDistrict } from '../accounts/access';
import type { Engine } from '../db/engine';
import { READER_ERRORS } from './alertSchemas';
import { CONSOLE_SECURITY } from './authSchemas';
import { route } from './route';

/** The most open reports one answer lists. */
export const OPEN_REPORTS_LIMIT = 1000;

const OPEN_REPORTS_SCHEMA = {
  operationId: 'listOpenReports',
  tags: ['reports'],
  summary: "Visitors' open problem reports, newest first",
  description:
    `At most ${OPEN_REPORTS_LIMIT}. Viewer and above; a person limited to districts sees the reports of those. ` +
    'The text is what the visitor typed: show it as text, never as HTML.',
  security: CONSOLE_SECURITY,
  response: {
    200: { description: 'The open reports', ...OPEN_REPORTS_ANSWER },
    ...READER_ERRORS,
  },
} as const;

/** The console's list of open reports, of the caller's districts. */
export const openReportRoutes = ({ engine }: { engine: Engine }) => ({
  list: route({
    schema: OPEN_REPORTS_SCHEMA,
    handler: async (request) => {
      const reports = await engine.reports.listOpen(OPEN_REPORTS_LIMIT);
      return {
        success: true,
        reports: reports
          .filter((report) => reachesDistrict(request.caller!, report.district))
          .map(({ id, machineId, district, kind, text, createdAt }) => ({
            id,
            machineId,
            district,
            kind,
            text,
            createdAt,
          })),
      };
    },
  }),
});
