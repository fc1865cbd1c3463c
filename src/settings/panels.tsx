import { BackupsPanel } from '../../views/admin/BackupsPanel';
import { EmailTestForm } from '../mail/pages/email-test-form';
import { LogoForm } from '../branding/pages/logo-form';
import type { ActionMeta } from '../access/action';
import type { BackupPage } from '../shared/backups';
import type { SessionUser } from '../shared/session';
import type { SectionPanels } from './forms';

/** The other features' controls that belong to a settings section, each disabled with its reason. */
export function settingsPanels(deps: {
  /** Why this user may not run the action now (the matrix), or undefined. */
  refusal: (user: SessionUser, action: ActionMeta) => string | undefined;
  actions: {
    testEmail: ActionMeta;
    uploadLogo: ActionMeta;
    removeLogo: ActionMeta;
    listBackups: ActionMeta;
    createBackup: ActionMeta;
  };
  ownAddress: (user: SessionUser) => Promise<string>;
  backupsOf: (user: SessionUser) => Promise<BackupPage>;
}): SectionPanels {
  return async (req, _res, section) => {
    const user = req.session.user!;
    // The firm's backups, when this administrator may list them (the matrix decides, as for the API).
    if (section === 'backup' && !deps.refusal(user, deps.actions.listBackups))
      return (
        <BackupsPanel
          {...await deps.backupsOf(user)}
          backUpNowRefusal={deps.refusal(user, deps.actions.createBackup)}
        />
      );
    if (section === 'email')
      return (
        <section className="card settings-panel" aria-labelledby="email-test-title">
          <h3 id="email-test-title">Send test email</h3>
          <EmailTestForm
            adminEmail={await deps.ownAddress(user)}
            disabled={deps.refusal(user, deps.actions.testEmail)}
          />
        </section>
      );
    if (section === 'appearance') {
      const branding = req.context.firm?.branding;
      return (
        <section className="card settings-panel" aria-labelledby="logo-title">
          <h3 id="logo-title">Logo</h3>
          <LogoForm
            firmName={branding?.firmName ?? ''}
            logoHref={branding?.logoHref}
            uploadDisabled={deps.refusal(user, deps.actions.uploadLogo)}
            removeDisabled={deps.refusal(user, deps.actions.removeLogo)}
          />
        </section>
      );
    }
    return undefined;
  };
}
