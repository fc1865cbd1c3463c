import { contactPage } from './contact';
import { aboutPage, featuresPage, homePage, servicesPage } from './marketing';

/** The marketing pages: '/', '/public', '/about', '/services', and '/contact' with the Contact Us form. */
export const PUBLIC_PAGES = [homePage, featuresPage, aboutPage, servicesPage, contactPage];
