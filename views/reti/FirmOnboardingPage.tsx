import type { Firm } from '../../src/shared/firms';
import type { FieldErrors } from '../../src/shared/validation';
import type { FirmField } from '../../islands/FirmOnboarding';
import { Icon } from '../../islands/icon';
import { Island } from '../components/Island';
import { useRenderContext } from '../context';

export type FirmOnboardingPageProps = {
  /** A refused form post, shown again with its messages. */
  values?: Record<FirmField, string>;
  errors?: FieldErrors<FirmField>;
  /** The firm just added, whose invitation can be sent. */
  firm?: Firm;
};

/** /reti/firm-onboard: the firm form and the Send Invitation section, live in the FirmOnboarding island. */
export function FirmOnboardingPage({ values, errors, firm }: FirmOnboardingPageProps) {
  const { csrfToken } = useRenderContext();
  return (
    <section className="section onboarding">
      <h1 className="page-title">
        <Icon name="firm" />
        Firm Onboarding
      </h1>
      <p className="lead">Add a firm, then invite its contact to become the firm&apos;s administrator.</p>
      <Island name="FirmOnboarding" trigger="idle" props={{ csrfToken, values, errors, firm }} />
    </section>
  );
}
