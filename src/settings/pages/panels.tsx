import type { ReactNode } from 'react';
import type { AnyAction } from '../../access/action';
import type { PageContext, PageForm } from '../../access/page';
import { createBackup, listBackups } from '../../backups/actions';
import { BackupsPanel, backUpNowForm } from '../../backups/pages/backups-panel';
import { removeLogo, uploadLogo } from '../../branding/actions';
import { LogoForm } from '../../branding/pages/logo-form';
import { testEmail } from '../../mail/actions';
import { ownAddress } from '../../mail/pages/email-test';
import { EmailTestForm } from '../../mail/pages/email-test-form';
import type { SettingsSection } from '../../shared/settings';
import { getUser } from '../../users/actions';

/**
 * Another feature's controls under a settings section: what it reads (declared by the section's page),
 * the controls it offers (each disabled with its reason), its forms, and how it loads.
 */
export type SectionPanel = {
  reads: AnyAction[];
  offers: Record<string, AnyAction>;
  forms?: PageForm[];
  load(ctx: PageContext): Promise<ReactNode>;
};

export const SECTION_PANELS: Partial<Record<SettingsSection, SectionPanel>> = {
  // The firm's backups, and "Back up now".
  backup: {
    reads: [listBackups],
    offers: { backUpNow: createBackup },
    forms: [backUpNowForm],
    load: async ({ read, closed }) => (
      <BackupsPanel {...await read(listBackups)} backUpNowRefusal={closed.backUpNow} />
    ),
  },
  email: {
    reads: [getUser],
    offers: { testEmail },
    load: async (ctx) => (
      <section className="card settings-panel" aria-labelledby="email-test-title">
        <h3 id="email-test-title">Send test email</h3>
        <EmailTestForm adminEmail={await ownAddress(ctx)} disabled={ctx.closed.testEmail} />
      </section>
    ),
  },
  // The logo is the firm's look, as the request read it (src/http/context.ts).
  appearance: {
    reads: [],
    offers: { uploadLogo, removeLogo },
    load: async ({ firm, closed }) => (
      <section className="card settings-panel" aria-labelledby="logo-title">
        <h3 id="logo-title">Logo</h3>
        <LogoForm
          firmName={firm?.branding.firmName ?? ''}
          logoHref={firm?.branding.logoHref}
          uploadDisabled={closed.uploadLogo}
          removeDisabled={closed.removeLogo}
        />
      </section>
    ),
  },
};
