import { staffDashboard } from './dashboard';
import { firmDeletePage } from './delete';
import { firmEditPage } from './edit';
import { firmPage } from './firm';
import { onboardingPage } from './onboarding';

/** The platform staff's firm pages: the dashboard, onboarding, and each firm's page, edit and delete. */
export const FIRM_PAGES = [staffDashboard, onboardingPage, firmPage, firmEditPage, firmDeletePage];
