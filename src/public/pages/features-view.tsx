import { PLANS } from '../../shared/constants';
import type { ContactModalProps } from '../../../islands/ContactModal';
import { Island } from '../../../views/components/Island';
import ContactModal from '../../../islands/ContactModal';

const CARDS = [
  {
    title: 'USCIS forms in minutes',
    text: 'Populate I-130, I-485, I-765, I-864 and N-400 from one client record, checked before you file.',
  },
  {
    title: 'AI drafting and analysis',
    text: 'Analyze evidence, draft briefs and check compliance with AI that cites what it used.',
  },
  {
    title: 'Every case on track',
    text: 'Deadlines, receipts and assignments for the whole firm, with real-time insight into the workload.',
  },
];

/** '/public' (and '/about', '/services', '/contact'): hero, three feature cards, pricing, contact. */
export function PublicPage({ contact }: { contact: Partial<ContactModalProps> }) {
  return (
    <>
      <section className="hero">
        <h1>The practice platform built for immigration law</h1>
        <p className="lead">
          Cases, documents, USCIS forms and AI tools for attorneys, staff and firm administrators.
        </p>
      </section>
      <section className="section" aria-labelledby="cards-title">
        <h2 id="cards-title" className="visually-hidden">
          Features
        </h2>
        <div className="card-grid">
          {CARDS.map((c) => (
            <article className="card" key={c.title}>
              <h3>{c.title}</h3>
              <p>{c.text}</p>
            </article>
          ))}
        </div>
      </section>
      <section className="section" id="pricing" aria-labelledby="pricing-title">
        <h2 id="pricing-title">Pricing</h2>
        <div className="card-grid pricing">
          {PLANS.map((plan) => (
            <article className={plan.badge ? 'card plan plan-featured' : 'card plan'} key={plan.name}>
              {plan.badge && <p className="badge">{plan.badge}</p>}
              <h3>{plan.name}</h3>
              <p className="price">
                <span className="amount">${plan.price}</span>/month
              </p>
              <ul>
                {plan.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              <a
                className={plan.badge ? 'btn btn-primary btn-block' : 'btn btn-secondary btn-block'}
                href="#contact"
              >
                {plan.button}
              </a>
            </article>
          ))}
        </div>
      </section>
      <section className="section cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Ready to give your attorneys their time back?</h2>
        <p>Tell us about your firm and we will set up a walkthrough.</p>
        <Island of={ContactModal} props={{ returnTo: '/public', buttonLabel: 'Contact Us', ...contact }} />
      </section>
    </>
  );
}
