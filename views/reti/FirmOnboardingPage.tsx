import FirmOnboarding, { type FirmOnboardingProps } from '../../islands/FirmOnboarding';
import { Icon } from '../../islands/ui/icon';
import { Island } from '../components/Island';
import { useRenderContext } from '../context';

export type FirmOnboardingPageProps = Omit<FirmOnboardingProps, 'csrfToken'>;

/** /reti/firm-onboard: the firm form and the Send Invitation section, live in the FirmOnboarding island. */
export function FirmOnboardingPage(props: FirmOnboardingPageProps) {
  const { csrfToken } = useRenderContext();
  return (
    <section className="section onboarding">
      <h1 className="page-title">
        <Icon name="firm" />
        Firm Onboarding
      </h1>
      <p className="lead">Add a firm, then invite its contact to become the firm&apos;s administrator.</p>
      <Island of={FirmOnboarding} trigger="idle" props={{ ...props, csrfToken }} />
    </section>
  );
}
