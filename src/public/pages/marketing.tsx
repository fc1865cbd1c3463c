import type { ContactModalProps } from '../../../islands/ContactModal';
import type { PageMeta } from '../../../views/Document';
import { page, type PageAnswer } from '../../access/page';
import { PLANS, PRODUCT_NAME, TIME_SAVING_PERCENT } from '../../shared/constants';
import { PublicPage } from './features-view';
import { HomePage } from './home-view';

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

/**
 * A marketing path's answer with the contact modal in a given state. Only the plain page (no query, no
 * form outcome) is the same for every anonymous visitor, so only it is kept in memory.
 */
export function marketingAnswer(
  path: PublicPath,
  contact: Partial<ContactModalProps>,
  plain: boolean,
): PageAnswer {
  return {
    view: path === '/' ? <HomePage contact={contact} /> : <PublicPage contact={contact} />,
    meta: { ...META[path], jsonLd },
    layout: path === '/' ? 'bare' : 'full',
    cacheable: plain,
  };
}

/** After a contact form post without JavaScript (?contact=sent), the page shows the modal with its message. */
const contactFrom = (query: Record<string, unknown>): Partial<ContactModalProps> =>
  query.contact === 'sent' ? { open: true, status: 'sent' } : {};

/** A marketing page: the same for everyone, kept in memory for anonymous visitors when it has no query. */
export const marketingPage = (path: PublicPath) =>
  page({
    path,
    reads: [],
    render: (_data, { req }) =>
      marketingAnswer(path, contactFrom(req.query), Object.keys(req.query).length === 0),
  });

export const homePage = marketingPage('/');
export const featuresPage = marketingPage('/public');
export const aboutPage = marketingPage('/about');
export const servicesPage = marketingPage('/services');
