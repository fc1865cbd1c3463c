import { declareFeature } from '../access/feature-declaration';
import { byFirm } from '../backups/tables';
import type { Services } from '../services';
import { PORTAL_ACTIONS } from './actions';
import * as portalMigration from './migrations/0020_portal';
import { PORTAL_PAGES } from './pages';

/**
 * The client portal (/portal, role client): a client's matters, questionnaires, requested documents and
 * messages; and the firm's side of it (inviting a client, asking for documents, writing to them).
 */
export const portalFeature = declareFeature({
  name: 'portal',
  actions: PORTAL_ACTIONS,
  pages: PORTAL_PAGES,
  tables: [
    {
      table: 'portal_accounts',
      scope: byFirm,
      key: ['user_id'],
      ids: ['user_id', 'person_id', 'firm_id'],
      userRefs: ['created_by'],
    },
    {
      table: 'document_requests',
      scope: byFirm,
      key: ['id'],
      ids: ['id', 'firm_id', 'case_id', 'person_id', 'document_id'],
      userRefs: ['created_by', 'decided_by'],
    },
    {
      table: 'portal_messages',
      scope: byFirm,
      key: ['id'],
      ids: ['id', 'firm_id', 'case_id', 'person_id'],
      userRefs: ['author_id'],
    },
  ],
  migrations: { '0020_portal': portalMigration },
  mount: (s: Services) => ({
    api: s.kit.api(Object.values(PORTAL_ACTIONS), { portal: s.portal, incomingDir: s.documents.incomingDir }),
    pages: s.kit.pages(PORTAL_PAGES),
  }),
});
