import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { publicPages } from '.';
import { PUBLIC_PAGES } from './pages';

/** The marketing pages (with the Contact Us form), robots.txt and sitemap.xml. */
export const publicFeature = declareFeature({
  name: 'public',
  pages: PUBLIC_PAGES,
  mount: (s: Services) => publicPages({ kit: s.kit, publicUrl: s.config.publicUrl }),
});
