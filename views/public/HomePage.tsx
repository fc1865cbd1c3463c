import { LANDING_FEATURES, PRODUCT_NAME, TIME_SAVING_PERCENT } from '../../src/shared/constants';
import { Island } from '../components/Island';
import ContactModal from '../../islands/ContactModal';
import { Logo } from '../components/Logo';
import type { ContactModalProps } from '../../islands/ContactModal';

/** '/': the marketing home — hero, the feature list, the time-saving claim, Contact Us. */
export function HomePage({ contact }: { contact: Partial<ContactModalProps> }) {
  return (
    <>
      <section className="hero hero-home">
        <Logo />
        <h1>AI-assisted immigration practice, from intake to approval</h1>
        <p className="lead">
          {PRODUCT_NAME} automates the paperwork of immigration law so attorneys spend their time on clients,
          not forms.
        </p>
        <p className="claim">
          <strong>Save up to {TIME_SAVING_PERCENT}% of a lawyer&apos;s time</strong> on every case.
        </p>
        <div className="hero-actions">
          <Island of={ContactModal} props={{ returnTo: '/', buttonLabel: 'Contact Us', ...contact }} />
          <a className="btn btn-secondary" href="/public">
            See plans and pricing
          </a>
        </div>
      </section>
      <section className="section" aria-labelledby="features-title">
        <h2 id="features-title">Everything an immigration practice runs on</h2>
        <ul className="feature-list">
          {LANDING_FEATURES.map((f) => (
            <li key={f.title}>
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
