import { LANDING_FEATURES, PRODUCT_NAME, ROLE_HOME, TIME_SAVING_PERCENT } from '../../shared/constants';
import { Island } from '../../../views/components/Island';
import { useRenderContext } from '../../../views/context';
import ContactModal from '../../../islands/ContactModal';
import { Logo } from '../../../views/components/Logo';
import type { ContactModalProps } from '../../../islands/ContactModal';

/**
 * '/': the marketing home — hero, the feature list, the time-saving claim, Contact Us. It has no header,
 * so a signed-in person finds the way back to their area in the hero (render() never caches that page).
 */
export function HomePage({ contact }: { contact: Partial<ContactModalProps> }) {
  const { user } = useRenderContext();
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
          {user && (
            <a className="btn btn-primary" href={ROLE_HOME[user.role]}>
              Go to your dashboard
            </a>
          )}
          <Island
            of={ContactModal}
            props={{
              returnTo: '/',
              buttonLabel: 'Contact Us',
              // The way to the dashboard leads for someone signed in; Contact Us steps back.
              ...(user && { buttonClass: 'btn btn-secondary' }),
              ...contact,
            }}
          />
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
