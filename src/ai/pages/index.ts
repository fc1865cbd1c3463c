import { calendarFeedPage } from './calendar-feed';
import { compliancePage } from './compliance';
import { deadlinesPage } from './deadlines';
import { documentAnalysisPage } from './documents';
import { caseFactsPage } from './facts';
import { aiHomePage } from './home';

/**
 * The AI Tools pages (a firm user's): the four cards, the Deadline Tracker with the calendar feed's
 * controls, the Compliance Checker, Document Analysis and a case's facts form; and the calendar feed.
 */
export const AI_PAGES = [
  aiHomePage,
  deadlinesPage,
  compliancePage,
  documentAnalysisPage,
  caseFactsPage,
  calendarFeedPage,
];
