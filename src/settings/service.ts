import type { FirmContext } from '../http/context';
import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import type { DB, SmtpEncryption } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { FirmsService } from '../firms/service';
import type { Sealer } from '../secrets';
import { ServiceError } from '../shared/errors';
import { pages } from '../shared/paths';
import type { SessionUser } from '../shared/session';
import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECURITY,
  type FirmSettings,
  RETENTION_DAYS,
  type SettingsSection,
  type SecuritySettings,
  STAFF_SECURITY,
} from '../shared/settings';
import type { SectionInput } from './schema';
import {
  createSettingsStore,
  type FirmSettingsChange,
  type FirmSettingsRow,
  type LightSettingsRow,
} from './store';

const securityFrom = (row: LightSettingsRow | undefined): SecuritySettings =>
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

const versionOf = (row: Pick<FirmSettingsRow, 'updated_at'>) => row.updated_at.getTime().toString(36);

type Sections = Omit<FirmSettings, 'firm'>;

/** Every section but the firm's profile, from the settings row (the defaults when there is none yet). */
function sectionsFrom(row: LightSettingsRow | undefined): Sections {
  return {
    security: securityFrom(row),
    email: {
      host: row?.smtp_host ?? '',
      port: row?.smtp_port ?? 587,
      encryption: row?.smtp_encryption ?? 'tls',
      user: row?.smtp_user ?? '',
      passwordSet: Boolean(row?.smtp_password_sealed),
      from: row?.smtp_from ?? '',
    },
    backup: { retentionDays: (row?.backup_retention_days ?? 30) as FirmSettings['backup']['retentionDays'] },
    appearance: {
      primaryColor: row?.primary_color ?? DEFAULT_PRIMARY_COLOR,
      hasLogo: Boolean(row?.logo_type),
    },
  };
}

/** Only a firm's administrators hold settings; anyone else has none to read or change. */
function firmOf(actor: SessionUser): string {
  if (actor.role !== 'admin' || !actor.firmId)
    throw new ServiceError('forbidden', "Only a firm's administrators can change its settings.");
  return actor.firmId;
}

/**
 * A firm's settings: read by every feature that enforces one, changed by its administrators. The firm's
 * profile lives with the firm (the firms service); the rest in its settings row.
 */
export function createSettingsService(deps: {
  db: Kysely<DB>;
  sealer?: Sealer;
  firms?: FirmsService;
  /** The time zone of a firm that has not chosen one (TIME_ZONE). */
  platformTimeZone?: string;
}) {
  const store = createSettingsStore(deps.db);
  const platformTimeZone = deps.platformTimeZone ?? 'America/New_York';

  function sealer(): Sealer {
    if (!deps.sealer) throw new Error('the settings service needs the sealer for SMTP passwords');
    return deps.sealer;
  }

  function firmsService(): FirmsService {
    if (!deps.firms) throw new Error('the settings service needs the firms service for the firm section');
    return deps.firms;
  }

  /** The settings row's columns for a section's input (the firm section has none: it is the firm's). */
  function columnsFor<S extends Exclude<SettingsSection, 'firm'>>(
    section: S,
    input: SectionInput[S],
    before: LightSettingsRow | undefined,
  ): FirmSettingsChange {
    switch (section) {
      case 'security': {
        const v = input as SectionInput['security'];
        return {
          two_factor_admins: v.twoFactorAdmins,
          session_timeout_minutes: v.sessionTimeoutMinutes,
          password_policy: v.passwordPolicy,
          login_attempts: v.loginAttempts,
          approve_new_users: v.approveNewUsers,
        };
      }
      case 'email': {
        const v = input as SectionInput['email'];
        // No host: the firm uses the platform's server again, and its password is forgotten.
        const keep = v.host
          ? v.password
            ? sealer().seal(v.password)
            : (before?.smtp_password_sealed ?? null)
          : null;
        return {
          smtp_host: v.host || null,
          smtp_port: v.port,
          smtp_encryption: v.encryption,
          smtp_user: v.user || null,
          smtp_password_sealed: keep,
          smtp_from: v.from || null,
        };
      }
      case 'backup':
        return { backup_retention_days: (input as SectionInput['backup']).retentionDays };
      default:
        return { primary_color: (input as SectionInput['appearance']).primaryColor };
    }
  }

  return {
    /** Every section of the actor's firm (GET {API}/settings); never the SMTP password, only whether one is set. */
    async get(actor: SessionUser): Promise<FirmSettings> {
      const firmId = firmOf(actor);
      const [profile, row] = await Promise.all([firmsService().profile(actor, firmId), store.find(firmId)]);
      return { firm: { ...profile, timeZone: profile.timeZone ?? platformTimeZone }, ...sectionsFrom(row) };
    },

    /** Saves one section of the actor's firm, audited with the section before and after; answers the section. */
    async update<S extends SettingsSection>(
      actor: SessionUser,
      section: S,
      input: SectionInput[S],
    ): Promise<FirmSettings[S]> {
      const firmId = firmOf(actor);
      if (section === 'firm') {
        const profile = await firmsService().saveProfile(actor, firmId, input as SectionInput['firm']);
        return { ...profile, timeZone: profile.timeZone ?? platformTimeZone } as FirmSettings[S];
      }
      const other = section as Exclude<SettingsSection, 'firm'>;
      return inTransaction(deps.db, async (trx) => {
        const settings = createSettingsStore(trx);
        const before = await settings.find(firmId);
        const row = await settings.save(
          firmId,
          columnsFor(other, input as SectionInput[typeof other], before),
        );
        const after = sectionsFrom(row)[other];
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: `settings.${section}.updated`,
          entity: 'settings',
          entityId: firmId,
          firmId,
          before: sectionsFrom(before)[other],
          after,
        });
        return after as FirmSettings[S];
      });
    },

    /**
     * What every request of the firm's signed-in members needs of it (see src/http/context.ts). Read fresh
     * each time, so a saved change holds from the next request.
     */
    async contextOf(firmId: string): Promise<FirmContext> {
      const found = await store.withFirm(firmId);
      const row = found?.row;
      const version = row ? versionOf(row) : '0';
      return {
        id: firmId,
        name: found?.name ?? '',
        timeZone: found?.timeZone ?? platformTimeZone,
        sessionTimeoutMinutes: securityFrom(row).sessionTimeoutMinutes,
        // Only whether one is set: a password that cannot be opened still means the firm has its own.
        settings: {
          ownSmtp: Boolean(row?.smtp_host),
          backupRetentionDays: sectionsFrom(row).backup.retentionDays,
        },
        branding: {
          themeHref: pages.firmTheme(firmId, version),
          logoHref: row?.logo_type ? pages.firmLogo(firmId, version) : undefined,
          firmName: found?.name ?? '',
        },
      };
    },

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
      const row = await store.findWithLogo(firmId);
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
          before: { hasLogo: Boolean(before?.logo_type) },
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
