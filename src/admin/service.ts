import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import { activityText, removedInWords } from '../audit/words';
import type { BackupsService } from '../backups/service';
import type { DB } from '../db/schema';
import type { FirmContext } from '../http/context';
import { inTransaction } from '../db/transaction';
import type { SettingsService } from '../settings/service';
import {
  type ActivityPage,
  type CleanupPreview,
  type CleanupResult,
  type Dashboard,
  DASHBOARD_STATS,
  type DashboardStat,
  type ServiceStatus,
} from '../shared/admin';
import { ServiceError } from '../shared/errors';
import type { SessionUser } from '../shared/session';
import type { UsersService } from '../users/service';
import type { CleanupSource, Removal } from './cleanup';
import { createAdminStore } from './store';
import {
  backupStatus,
  CHECK_TIMEOUT_MS,
  databaseStatus,
  emailStatus,
  type LlmConfig,
  llmStatus,
  type OutboxBacklog,
  withTimeout,
} from './status';

const NO_FIRM = "The administrator's dashboard belongs to a firm: only its own administrators can use it.";

export type AdminServiceDeps = {
  db: Kysely<DB>;
  users: UsersService;
  settings: SettingsService;
  backups: BackupsService;
  /** The firm's emails waiting in the outbox (the mail feature's query). */
  outboxBacklog: (firmId: string) => Promise<OutboxBacklog>;
  /** Whether the platform has a mail server (SMTP_URL). */
  platformSmtp: boolean;
  llm?: LlmConfig;
  cleanup: CleanupSource[];
};

/** A check that could not run (its query failed or took too long): said so, rather than failing the dashboard. */
const unchecked = (key: ServiceStatus['key'], label: string): ServiceStatus => ({
  key,
  label,
  tone: 'neutral',
  state: 'Unknown',
  detail: 'Could not be checked just now.',
});

/**
 * The firm administrator's dashboard (its stat cards, the status of the services the firm relies on and
 * its recent activity in words) and the cleanup of what the firm's retention settings say may go.
 */
export function createAdminService(deps: AdminServiceDeps) {
  const { db } = deps;
  const store = createAdminStore(db);

  function firmIdOf(actor: SessionUser): string {
    if (!actor.firmId) throw new ServiceError('forbidden', NO_FIRM);
    return actor.firmId;
  }

  /** The stat cards from one query: each null, with its note, when the count could not be read. */
  async function stats(firmId: string): Promise<DashboardStat[]> {
    const counts = await store.figures(firmId).catch(() => null);
    return DASHBOARD_STATS.map(({ key, label }) =>
      counts ? { key, label, value: counts[key] } : { key, label, value: null, note: 'Unavailable' },
    );
  }

  /** Whose mail server the firm's emails go through: its own (as its settings say), the platform's, or none. */
  const mailServerOf = (firm: FirmContext): 'firm' | 'platform' | null =>
    firm.settings.ownSmtp ? 'firm' : deps.platformSmtp ? 'platform' : null;

  const statuses = (firm: FirmContext): Promise<ServiceStatus[]> =>
    Promise.all([
      databaseStatus(() => store.ping()),
      llmStatus(deps.llm),
      withTimeout(deps.outboxBacklog(firm.id), CHECK_TIMEOUT_MS).then(
        (backlog) => emailStatus(mailServerOf(firm), backlog, new Date()),
        () => unchecked('email', 'Email Service'),
      ),
      withTimeout(deps.backups.latestDone(firm.id), CHECK_TIMEOUT_MS).then(
        (latest) => backupStatus(latest, firm.settings.backupRetentionDays, new Date()),
        () => unchecked('backup', 'Backup'),
      ),
    ]);

  return {
    /** The stat cards and the badges, with the firm and its settings as this request read them. */
    async dashboard(firm: FirmContext | undefined): Promise<Dashboard> {
      if (!firm) throw new ServiceError('forbidden', NO_FIRM);
      const [cards, services] = await Promise.all([stats(firm.id), statuses(firm)]);
      return { stats: cards, services };
    },

    /** One page of the firm's audit log, newest first, each entry in words. */
    async activity(actor: SessionUser, page: number, pageSize: number): Promise<ActivityPage> {
      const firmId = firmIdOf(actor);
      const { rows, total } = await createAuditService(db).pageOfFirm(firmId, page, pageSize);
      const userIds = [
        ...new Set(rows.filter((r) => r.entity === 'user' && r.entity_id).map((r) => r.entity_id!)),
      ];
      const names = await deps.users.namesOf(firmId, userIds);
      const activity = rows.map((row) => ({
        id: row.id,
        at: row.created_at.toISOString(),
        action: row.action,
        text: activityText({
          action: row.action,
          actorUserId: row.actor_user_id,
          actorName: row.actor_name,
          entity: row.entity,
          entityId: row.entity_id,
          before: row.before,
          after: row.after,
          entityName: row.entity_id ? names.get(row.entity_id) : undefined,
        }),
      }));
      return { activity, total, page, pageSize };
    },

    /** What the cleanup would remove now, per source, under the firm's retention. */
    async cleanupPreview(actor: SessionUser): Promise<CleanupPreview> {
      const firmId = firmIdOf(actor);
      const retentionDays = await deps.settings.retentionDays(firmId);
      const items = await Promise.all(
        deps.cleanup.map(async (source) => ({
          key: source.key,
          label: source.label,
          description: source.description(retentionDays),
          count: await source.count(db, firmId, retentionDays),
        })),
      );
      return { retentionDays, items, total: items.reduce((sum, i) => sum + i.count, 0) };
    },

    /** Removes it all in one transaction with one audit row; files go once that is committed. */
    async cleanup(actor: SessionUser): Promise<CleanupResult> {
      const firmId = firmIdOf(actor);
      const retentionDays = await deps.settings.retentionDays(firmId);
      const removals = await inTransaction(db, async (trx) => {
        const done: Array<[string, Removal]> = [];
        for (const source of deps.cleanup)
          done.push([source.key, await source.remove(trx, firmId, retentionDays)]);
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'cleanup.performed',
          entity: 'firm',
          entityId: firmId,
          firmId,
          after: { retentionDays, removed: Object.fromEntries(done.map(([key, r]) => [key, r.count])) },
        });
        return done;
      });
      for (const [, removal] of removals) await removal.afterCommit?.();
      const removed = Object.fromEntries(removals.map(([key, r]) => [key, r.count]));
      const total = removals.reduce((sum, [, r]) => sum + r.count, 0);
      const message = total
        ? `Cleanup done: ${removedInWords(removed)} removed.`
        : 'Cleanup done: there was nothing to remove.';
      return { removed, total, message };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
