import { pages } from '../../shared/paths';
import { page } from '../../access/page';
import { removeLogo, uploadLogo } from '../actions';
import { LogoForm, type LogoFormProps } from './logo-form';

/** /admin/settings/appearance/logo: the logo form on its own, where a refused file comes back. */
function LogoPage(props: LogoFormProps) {
  return (
    <section className="narrow card">
      <p className="back-link">
        <a href={pages.admin.settingsSection('appearance')}>← Back to Appearance and branding</a>
      </p>
      <h1>Logo</h1>
      <p>Your firm's logo shows in the header of every page for your firm's users.</p>
      <LogoForm {...props} />
    </section>
  );
}

/** Back to the Appearance section once the logo changed, with what the header shows now. */
const toAppearance = (flash: string) => () => ({ to: pages.admin.settingsSection('appearance'), flash });

export const logoPage = page({
  path: pages.admin.settingsLogo,
  // The current logo is the firm's look, read with the request's firm (src/http/context.ts).
  reads: [],
  offers: { upload: uploadLogo, remove: removeLogo },
  render: (_data, { firm, closed, form }) => ({
    view: (
      <LogoPage
        firmName={firm?.branding.firmName ?? ''}
        logoHref={firm?.branding.logoHref}
        error={form?.refusal ? (form.refusal.fields?.logo ?? form.refusal.message) : undefined}
        // A file just refused is said as it is; otherwise each button is off while the matrix says so.
        uploadDisabled={form ? undefined : closed.upload}
        removeDisabled={form ? undefined : closed.remove}
      />
    ),
    meta: {
      title: 'Logo',
      description: "Set or remove the firm's logo, shown in the header for its users.",
      noindex: true,
    },
  }),
  forms: [
    { action: uploadLogo, done: toAppearance("Logo saved. It shows in the header for your firm's users.") },
    {
      action: removeLogo,
      path: pages.admin.settingsLogoDelete,
      done: toAppearance('Logo removed. The header shows the Reti Immigration logo again.'),
    },
  ],
});
