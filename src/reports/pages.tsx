import { type Request, type Response, Router } from 'express';
import type { BoundActions } from '../access/kit';
import { sendPdf } from '../documents/send';
import { sendCsvRows } from '../http/csv';
import { pages } from '../shared/paths';
import type { REPORTS_ACTIONS } from './actions';
import { reportCsvRows, reportFileName } from './csv';
import { type ReportsPageDeps, showReport, showReports } from './forms';

type PagesDeps = ReportsPageDeps & { actions: BoundActions<typeof REPORTS_ACTIONS> };

/** /admin/reports and each report: as a page, a PDF and a CSV, each through its declared action. */
export function reportsPages(deps: PagesDeps): Router {
  const { actions } = deps;
  const router = Router();
  const page = (req: Request, res: Response) => ({ deps, req, res });

  router.get(pages.admin.reports, async (req, res) => {
    await actions.listReports.call(req, res);
    await showReports(page(req, res));
  });
  router.get(pages.admin.report(':id'), async (req, res) => {
    showReport(page(req, res), await actions.getReport.call(req, res, { params: req.params }));
  });
  router.get(pages.admin.reportPdf(':id'), async (req, res) => {
    const { filename, bytes } = await actions.reportAsPdf.call(req, res, { params: req.params });
    sendPdf(res, filename, bytes);
  });
  router.get(pages.admin.reportCsv(':id'), async (req, res) => {
    const data = await actions.reportAsCsv.call(req, res, { params: req.params });
    await sendCsvRows(req, res, reportFileName(data, 'csv'), reportCsvRows(data));
  });
  return router;
}
