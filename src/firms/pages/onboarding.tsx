import FirmOnboarding, { type FirmOnboardingProps } from '../../../islands/FirmOnboarding';
import { Icon } from '../../../islands/ui/icon';
import { Island } from '../../../views/components/Island';
import { useRenderContext } from '../../../views/context';
import { z } from 'zod';
import { page } from '../../access/page';
import { stringFields } from '../../http/validation';
import { sendInvitation } from '../../invitations/actions';
import { FIRM_FIELDS, FIRM_MESSAGES, type Firm } from '../../shared/firms';
import { pages } from '../../shared/paths';
import { createFirm, getFirm } from '../actions';

type FirmOnboardingPageProps = Omit<FirmOnboardingProps, 'csrfToken'>;

/** /reti/firm-onboard: the firm form and the Send Invitation section, live in the FirmOnboarding island. */
function FirmOnboardingPage(props: FirmOnboardingPageProps) {
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

/** ?firm= names the firm just added, whose invitation the page offers; anything else is ignored. */
const onboardingQuery = z.object({ firm: z.uuid().optional().catch(undefined) });

export const onboardingPage = page({
  path: pages.reti.onboarding,
  reads: [getFirm],
  query: onboardingQuery,
  menu: { role: 'reti', order: 2, id: 'firm-onboard', label: 'Firm Onboarding', icon: 'firm' },
  // The firm just added, when it is still there to invite.
  load: ({ read, query }) =>
    query.firm
      ? read(getFirm, { params: { id: query.firm } }).catch((error: { status?: number }) => {
          if (error.status === 404) return undefined;
          throw error;
        })
      : Promise.resolve(undefined),
  render: (firm, { form }) => ({
    view: (
      <FirmOnboardingPage
        firm={firm}
        values={form && stringFields(form.values, FIRM_FIELDS)}
        errors={form?.refusal?.fields}
        error={form?.refusal?.fields ? undefined : form?.refusal?.message}
      />
    ),
    meta: {
      title: 'Firm Onboarding',
      description: 'Add a firm and invite its administrator.',
      noindex: true,
    },
  }),
  forms: [
    {
      action: createFirm,
      done: (_ctx, firm: Firm) => ({ to: pages.reti.onboardingOf(firm.id), flash: FIRM_MESSAGES.added }),
    },
    {
      action: sendInvitation,
      path: pages.reti.firmInvitations(':id'),
      done: ({ params }, sent: { delivery: string; message: string }) => ({
        to: pages.reti.onboardingOf(params.id),
        flash: sent.message,
        kind: sent.delivery === 'sent' ? 'success' : 'error',
      }),
      // An already active firm: said on the page it came from; any other refusal is the error page.
      refused: ({ params }, refusal) => {
        if (refusal.status !== 409) throw refusal.error;
        return { to: pages.reti.onboardingOf(params.id), flash: refusal.message, kind: 'error' };
      },
    },
  ],
});
