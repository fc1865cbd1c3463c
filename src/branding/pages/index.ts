import { logoPage } from './logo';

/** The logo's own page (the Settings appearance section shows the same form). */
export const BRANDING_PAGES = [logoPage];
