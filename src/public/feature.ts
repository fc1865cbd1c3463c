import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { publicPages } from '.';

/** The marketing pages, robots.txt and sitemap.xml. */
export const publicFeature = declareFeature({
  name: 'public',
  mount: (s: Services) => ({ pages: publicPages({ render: s.render, publicUrl: s.config.publicUrl }) }),
});
