import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { DEFAULT_SECURITY, RETENTION_DAYS, type SecuritySettings, STAFF_SECURITY } from '../shared/settings';
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

/** A firm's settings: read by every feature that enforces one, changed by its administrators. */
export function createSettingsService(deps: { db: Kysely<DB> }) {
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
