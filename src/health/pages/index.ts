import { healthPage } from './health';

/** The System Health page. */
export const HEALTH_PAGES = [healthPage];
