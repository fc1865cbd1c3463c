import type { ActionMeta } from './access/action';
import { ACCESS_ACTIONS } from './access';
import { ADMIN_ACTIONS } from './admin';
import { AUTH_ACTIONS } from './auth';
import { BACKUP_ACTIONS } from './backups';
import { CONTACT_ACTIONS } from './contact';
import { DEMO_ACTIONS } from './demo';
import { FIRM_ACTIONS } from './firms';
import { HEALTH_ACTIONS } from './health';
import { INVITATION_ACTIONS } from './invitations';
import { PASSWORD_ACTIONS } from './passwords';

/** Every action the product declares: the catalog rows that start-up seeds, and what staff cannot delete. */
export const DECLARED_ACTIONS: ActionMeta[] = [
  AUTH_ACTIONS,
  PASSWORD_ACTIONS,
  DEMO_ACTIONS,
  CONTACT_ACTIONS,
  HEALTH_ACTIONS,
  FIRM_ACTIONS,
  INVITATION_ACTIONS,
  ACCESS_ACTIONS,
  ADMIN_ACTIONS,
  BACKUP_ACTIONS,
].flatMap((actions) => Object.values(actions));
