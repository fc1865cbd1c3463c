import type { ActionMeta } from './access/action';
import { ACCESS_ACTIONS } from './access';
import { ADMIN_ACTIONS } from './admin';
import { AI_ACTIONS } from './ai';
import { BRIEF_ACTIONS } from './ai/brief';
import { AUTH_ACTIONS } from './auth';
import { BACKUP_ACTIONS } from './backups';
import { BRANDING_ACTIONS } from './branding';
import { CASES_ACTIONS } from './cases';
import { CASE_TRANSFER_ACTIONS } from './cases/transfer-actions';
import { CONTACT_ACTIONS } from './contact';
import { DOCUMENTS_ACTIONS } from './documents';
import { DEMO_ACTIONS } from './demo';
import { FIRM_ACTIONS } from './firms';
import { FORMS_ACTIONS } from './forms';
import { HEALTH_ACTIONS } from './health';
import { INVITATION_ACTIONS } from './invitations';
import { MFA_ACTIONS } from './mfa';
import { MAIL_ACTIONS } from './mail';
import { PASSWORD_ACTIONS } from './passwords';
import { REPORTS_ACTIONS } from './reports';
import { SETTINGS_ACTIONS } from './settings';
import { USERS_ACTIONS } from './users';

/** Every action the product declares: the catalog rows that start-up seeds, and what staff cannot delete. */
export const DECLARED_ACTIONS: ActionMeta[] = [
  AUTH_ACTIONS,
  PASSWORD_ACTIONS,
  DEMO_ACTIONS,
  CONTACT_ACTIONS,
  HEALTH_ACTIONS,
  FIRM_ACTIONS,
  INVITATION_ACTIONS,
  USERS_ACTIONS,
  CASES_ACTIONS,
  CASE_TRANSFER_ACTIONS,
  DOCUMENTS_ACTIONS,
  AI_ACTIONS,
  FORMS_ACTIONS,
  BRIEF_ACTIONS,
  REPORTS_ACTIONS,
  ACCESS_ACTIONS,
  SETTINGS_ACTIONS,
  MFA_ACTIONS,
  MAIL_ACTIONS,
  BRANDING_ACTIONS,
  ADMIN_ACTIONS,
  BACKUP_ACTIONS,
].flatMap((actions) => Object.values(actions));
