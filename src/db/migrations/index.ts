import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';
import * as access from './0002_access';
import * as firmAdministration from './0004_firm_administration';
import * as usersAdmin from './0005_users_admin';
import * as admin from './0007_admin';
import * as privacy from './0016_privacy';

/**
 * The platform's own migrations: firms, people, sessions, the actions catalog, settings, the audit log and
 * the outbox, which every feature builds on. A feature's own tables come with its declaration (feature.ts).
 */
export const PLATFORM_MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_access': access,
  '0004_firm_administration': firmAdministration,
  '0005_users_admin': usersAdmin,
  '0007_admin': admin,
  '0016_privacy': privacy,
};
