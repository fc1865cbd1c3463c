import { Router } from 'express';
import { expressPath } from '../access/action';
import { type ActionKit, mountActions } from '../access/kit';
import { sendPdf } from '../documents/send';
import { sendCsvRows } from '../http/csv';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import type { SessionUser } from '../shared/session';
import { REPORTS_ACTIONS } from './actions';
import { reportCsvRows, reportFileName } from './csv';
import { reportsPages } from './pages';
import type { ReportsService } from './service';

export { REPORTS_ACTIONS };
export { createReportsService, REPORTS_QUEUE } from './service';

/** Reports: /admin/reports and its pages, and {API}/reports (generate, list, one, its PDF and CSV). */
export function reportsFeature(deps: {
  kit: ActionKit;
  reports: ReportsService;
  render: Renderer;
  namesOf(firmId: string, ids: string[]): Promise<Map<string, string>>;
}): Feature {
  const closedFor = (user: SessionUser | undefined): { generate?: string } => ({
    generate: mounted.bound.generateReport.refusalFor(user)?.message,
  });
  const services = { reports: deps.reports, render: deps.render, namesOf: deps.namesOf, closedFor };
  const mounted = mountActions(deps.kit, REPORTS_ACTIONS, services);

  const api = Router();
  api.get(expressPath(REPORTS_ACTIONS.reportAsPdf.route), async (req, res) => {
    const { filename, bytes } = await mounted.bound.reportAsPdf.call(req, res, { params: req.params });
    sendPdf(res, filename, bytes);
  });
  api.get(expressPath(REPORTS_ACTIONS.reportAsCsv.route), async (req, res) => {
    const data = await mounted.bound.reportAsCsv.call(req, res, { params: req.params });
    await sendCsvRows(req, res, reportFileName(data, 'csv'), reportCsvRows(data));
  });
  const { generateReport, listReports, getReport } = REPORTS_ACTIONS;
  api.use(deps.kit.api([generateReport, listReports, getReport], services));
  return { api, pages: Router().use(mounted.forms, reportsPages({ ...services, actions: mounted.bound })) };
}
