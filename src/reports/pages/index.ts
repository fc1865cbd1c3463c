import { reportCsvPage, reportPage, reportPdfPage } from './report';
import { reportsPage } from './reports';

/** /admin/reports and each report: as a page, a PDF and a CSV. */
export const REPORTS_PAGES = [reportsPage, reportPage, reportPdfPage, reportCsvPage];
