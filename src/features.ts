import { accessFeature } from './access/feature';
import { adminFeature } from './admin/feature';
import { aiFeature } from './ai/feature';
import { briefFeature } from './ai/brief/feature';
import { areasFeature } from './areas/feature';
import { auditFeature } from './audit/feature';
import { authFeature } from './auth/feature';
import { backupContentsOf } from './backups/tables';
import { backupsFeature } from './backups/feature';
import { allMigrations } from './db/migrate';
import { PLATFORM_MIGRATIONS } from './db/migrations';
import { brandingFeature } from './branding/feature';
import { caseStatusFeature } from './case-status/feature';
import { casesFeature } from './cases/feature';
import { caseTransferFeature } from './cases/transfer-feature';
import { peopleFeature } from './cases/people-feature';
import { intakeFeature } from './intake/feature';
import { portalFeature } from './portal/feature';
import { contactFeature } from './contact/feature';
import { demoFeature } from './demo/feature';
import { documentsFeature } from './documents/feature';
import { filingAddressesFeature } from './filing-addresses/feature';
import { firmsFeature } from './firms/feature';
import { formsFeature } from './forms/feature';
import { healthFeature } from './health/feature';
import { invitationsFeature } from './invitations/feature';
import { jobsFeature } from './jobs/feature';
import { mailFeature } from './mail/feature';
import { mfaFeature } from './mfa/feature';
import { passwordsFeature } from './passwords/feature';
import { publicFeature } from './public/feature';
import { reportsFeature } from './reports/feature';
import { ruleTablesFeature } from './rule-tables/feature';
import { settingsFeature } from './settings/feature';
import { usersFeature } from './users/feature';

/**
 * Every feature of the product, in the order their routes are mounted and their tables restored (a table
 * after those it refers to). Everything else that lists features is derived from this list: the app's
 * routes and background work (src/app.tsx), the actions catalog, the migrations, a firm backup's contents,
 * and the lint's feature list (which reads the folders holding a feature.ts).
 */
export const FEATURES = [
  authFeature,
  mfaFeature,
  passwordsFeature,
  demoFeature,
  contactFeature,
  healthFeature,
  accessFeature,
  ruleTablesFeature,
  firmsFeature,
  settingsFeature,
  usersFeature,
  invitationsFeature,
  caseTransferFeature,
  casesFeature,
  peopleFeature,
  intakeFeature,
  documentsFeature,
  caseStatusFeature,
  aiFeature,
  portalFeature,
  formsFeature,
  briefFeature,
  filingAddressesFeature,
  reportsFeature,
  jobsFeature,
  mailFeature,
  brandingFeature,
  adminFeature,
  backupsFeature,
  auditFeature,
  publicFeature,
  areasFeature,
];

/** Every action the product declares: the catalog rows that start-up seeds, and what staff cannot delete. */
export const DECLARED_ACTIONS = FEATURES.flatMap((feature) => Object.values(feature.actions ?? {}));

/** Every declared page. */
export const DECLARED_PAGES = FEATURES.flatMap((feature) => feature.pages ?? []);

/** What a firm's backup takes of each table, in the order a restore writes them; what it leaves out. */
export const BACKUP_CONTENTS = backupContentsOf(FEATURES.flatMap((feature) => feature.tables ?? []));

/** Every migration: the platform's, then each feature's, run in the order of their numbers. */
export const MIGRATIONS = allMigrations(
  PLATFORM_MIGRATIONS,
  ...FEATURES.map((feature) => feature.migrations ?? {}),
);
