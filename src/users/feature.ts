import { declareFeature } from '../access/feature-declaration';
import { byFirm } from '../backups/tables';
import type { Services } from '../services';
import { USERS_ACTIONS, usersFeature as mountUsers } from '.';
import { USERS_PAGES } from './pages';

/** User Management: a firm's accounts. */
export const usersFeature = declareFeature({
  name: 'users',
  actions: USERS_ACTIONS,
  pages: USERS_PAGES,
  tables: [
    {
      table: 'users',
      scope: byFirm,
      key: ['id'],
      ids: ['id', 'firm_id'],
      userRefs: ['requested_by'],
      omit: [
        'password_hash',
        'totp_secret_sealed',
        'totp_enabled_at',
        'totp_last_step',
        'failed_login_count',
      ],
    },
  ],
  mount: (s: Services) => mountUsers({ kit: s.kit, users: s.users }),
});
