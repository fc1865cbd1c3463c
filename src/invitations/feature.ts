import { declareFeature } from '../access/feature-declaration';
import { byFirm } from '../backups/tables';
import type { Services } from '../services';
import { INVITATION_ACTIONS, invitationsFeature as mountInvitations } from '.';
import { INVITATION_PAGES } from './pages';

/** Invitations: a firm's first administrator, new users, and accepting one. */
export const invitationsFeature = declareFeature({
  name: 'invitations',
  actions: INVITATION_ACTIONS,
  pages: INVITATION_PAGES,
  tables: [
    {
      table: 'invitations',
      scope: byFirm,
      key: ['id'],
      ids: ['id', 'firm_id', 'user_id'],
      userRefs: ['created_by'],
      // The outbox is not backed up: its email is not sent again from a restore.
      omit: ['token_hash', 'outbox_id'],
    },
  ],
  mount: (s: Services) => mountInvitations({ kit: s.kit, invitations: s.invitations }),
});
