import type { ContactModalProps } from '../../islands/ContactModal';
import type { PageMeta } from '../../views/Document';
import { HomePage } from '../../views/public/HomePage';
import { PublicPage } from '../../views/public/PublicPage';
import { PLANS, PRODUCT_NAME, TIME_SAVING_PERCENT } from '../shared/constants';
import type { RenderOptions } from '../http/render';

/** The organisation and its three plans as schema.org offers, for search engines. */
const jsonLd = (publicUrl: string) => ({
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'Organization', name: PRODUCT_NAME, url: `${publicUrl}/`, logo: `${publicUrl}/favicon.svg` },
    {
      '@type': 'Product',
      name: PRODUCT_NAME,
      description: 'Practice-management and AI platform for immigration lawyers and law firms.',
      brand: { '@type': 'Brand', name: PRODUCT_NAME },
      offers: PLANS.map((plan) => ({
        '@type': 'Offer',
        name: plan.name,
        price: plan.price.toFixed(2),
        priceCurrency: 'USD',
        description: plan.features.join(', '),
        url: `${publicUrl}/public#pricing`,
      })),
    },
  ],
});

export type MarketingPath = '/' | '/public';
export type PublicPath = MarketingPath | '/about' | '/services' | '/contact';

const META: Record<PublicPath, PageMeta> = {
  '/': {
    title: PRODUCT_NAME,
    description: `AI-assisted immigration-law practice: document automation, USCIS form population, case management and deadlines. Save up to ${TIME_SAVING_PERCENT}% of a lawyer's time.`,
  },
  '/public': {
    title: 'Features and pricing',
    description:
      'Plans for immigration firms: Starter $49, Professional $99 and Enterprise $199 a month, with AI drafting, USCIS forms and case tracking.',
    canonicalPath: '/public',
  },
  '/about': {
    title: 'About',
    description: `${PRODUCT_NAME} builds the practice platform for immigration lawyers: cases, documents, USCIS forms and AI tools in one place.`,
    canonicalPath: '/public',
  },
  '/services': {
    title: 'Services',
    description:
      'Document automation, form population, case management, intake, drafting, triage and deadline management for immigration firms.',
    canonicalPath: '/public',
  },
  '/contact': {
    title: 'Contact',
    description: `Talk to the ${PRODUCT_NAME} team about plans, onboarding and a walkthrough for your firm.`,
    canonicalPath: '/public',
  },
};

/** The page, and how to render it, for a marketing path with the contact modal in a given state. */
export function marketingPage(
  path: PublicPath,
  publicUrl: string,
  contact: Partial<ContactModalProps> = {},
): { page: React.ReactElement; options: RenderOptions } {
  const meta = { ...META[path], jsonLd: jsonLd(publicUrl) };
  const page = path === '/' ? <HomePage contact={contact} /> : <PublicPage contact={contact} />;
  return { page, options: { meta, layout: path === '/' ? 'bare' : 'full' } };
}
