import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import type { DB, SmtpEncryption } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { Sealer } from '../secrets';
import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECURITY,
  RETENTION_DAYS,
  type SecuritySettings,
  STAFF_SECURITY,
} from '../shared/settings';
import { createSettingsStore, type FirmSettingsRow } from './store';

const securityFrom = (row: FirmSettingsRow | undefined): SecuritySettings =>
  row
    ? {
        twoFactorAdmins: row.two_factor_admins,
        sessionTimeoutMinutes: row.session_timeout_minutes as SecuritySettings['sessionTimeoutMinutes'],
        passwordPolicy: row.password_policy,
        loginAttempts: row.login_attempts as SecuritySettings['loginAttempts'],
        approveNewUsers: row.approve_new_users,
      }
    : DEFAULT_SECURITY;

/** A firm's own mail server, password opened: only the mail transport ever sees it. */
export type FirmSmtp = {
  host: string;
  port: number;
  encryption: SmtpEncryption;
  user: string;
  password: string;
  from: string;
  /** Changes whenever the settings change, so a cached transport knows it is stale. */
  version: string;
};

/** A firm's look: its primary colour and logo, with a version that changes with them (for caching). */
export type FirmBranding = {
  primaryColor: string;
  logo: { type: 'image/png' | 'image/svg+xml'; bytes: Buffer } | null;
  version: string;
};

const versionOf = (row: FirmSettingsRow) => row.updated_at.getTime().toString(36);

/** A firm's settings: read by every feature that enforces one, changed by its administrators. */
export function createSettingsService(deps: { db: Kysely<DB>; sealer?: Sealer }) {
  const store = createSettingsStore(deps.db);
  return {
    /** The security settings an account lives under: its firm's, or the platform's for staff (no firm). */
    async securityOf(firmId: string | null): Promise<SecuritySettings> {
      return firmId ? securityFrom(await store.find(firmId)) : STAFF_SECURITY;
    },

    async retentionDays(firmId: string): Promise<(typeof RETENTION_DAYS)[number]> {
      const row = await store.find(firmId);
      return (row?.backup_retention_days ?? 30) as (typeof RETENTION_DAYS)[number];
    },

    /** The firm's own SMTP server, or null when it has none set (the platform's is used then). */
    async smtpOf(firmId: string): Promise<FirmSmtp | null> {
      const row = await store.find(firmId);
      if (!row?.smtp_host) return null;
      if (!deps.sealer) throw new Error('the settings service needs the sealer to open the SMTP password');
      return {
        host: row.smtp_host,
        port: row.smtp_port,
        encryption: row.smtp_encryption,
        user: row.smtp_user ?? '',
        password: row.smtp_password_sealed ? deps.sealer.open(row.smtp_password_sealed) : '',
        from: row.smtp_from ?? '',
        version: versionOf(row),
      };
    },

    async brandingOf(firmId: string): Promise<FirmBranding> {
      const row = await store.find(firmId);
      if (!row) return { primaryColor: DEFAULT_PRIMARY_COLOR, logo: null, version: '0' };
      return {
        primaryColor: row.primary_color,
        logo: row.logo && row.logo_type ? { type: row.logo_type, bytes: row.logo } : null,
        version: versionOf(row),
      };
    },

    /** Sets (or, with null, removes) the firm's logo, already checked and sanitised by the caller; audited. */
    async saveLogo(
      actor: { id: string },
      firmId: string,
      logo: { type: 'image/png' | 'image/svg+xml'; bytes: Buffer } | null,
    ): Promise<FirmBranding> {
      return inTransaction(deps.db, async (trx) => {
        const settings = createSettingsStore(trx);
        const before = await settings.find(firmId);
        const row = await settings.save(firmId, { logo: logo?.bytes ?? null, logo_type: logo?.type ?? null });
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: logo ? 'settings.logo.updated' : 'settings.logo.removed',
          entity: 'settings',
          entityId: firmId,
          firmId,
          before: { hasLogo: Boolean(before?.logo) },
          after: { hasLogo: Boolean(logo), type: logo?.type ?? null, bytes: logo?.bytes.length ?? 0 },
        });
        return { primaryColor: row.primary_color, logo, version: versionOf(row) };
      });
    },

    /** Saves the security section for a firm, audited; in force for its accounts from the next request. */
    async saveSecurity(
      actor: { id: string },
      firmId: string,
      input: SecuritySettings,
    ): Promise<SecuritySettings> {
      return inTransaction(deps.db, async (trx) => {
        const settings = createSettingsStore(trx);
        const before = securityFrom(await settings.find(firmId));
        const after = securityFrom(
          await settings.save(firmId, {
            two_factor_admins: input.twoFactorAdmins,
            session_timeout_minutes: input.sessionTimeoutMinutes,
            password_policy: input.passwordPolicy,
            login_attempts: input.loginAttempts,
            approve_new_users: input.approveNewUsers,
          }),
        );
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'settings.security.updated',
          entity: 'settings',
          entityId: firmId,
          firmId,
          before,
          after,
        });
        return after;
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
