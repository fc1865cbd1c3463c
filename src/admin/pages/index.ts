import { cleanupPage } from './cleanup';
import { adminDashboard } from './dashboard';

/** The firm administrator's dashboard and data cleanup. */
export const ADMIN_PAGES = [adminDashboard, cleanupPage];
