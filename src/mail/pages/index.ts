import { emailTestPage } from './email-test';

/** The test email's own page (the Settings email section shows the same form). */
export const MAIL_PAGES = [emailTestPage];
