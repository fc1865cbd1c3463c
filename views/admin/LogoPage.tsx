import { pages } from '../../src/shared/paths';
import { LogoForm, type LogoFormProps } from './LogoForm';

/** /admin/settings/appearance/logo: the logo form on its own, where a refused file comes back. */
export function LogoPage(props: LogoFormProps) {
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
