import { declareFeature } from '../access/feature-declaration';
import { byFirm } from '../backups/tables';
import type { Services } from '../services';
import { DOCUMENTS_ACTIONS, documentsFeature as mountDocuments } from '.';
import { DOCUMENT_PAGES } from './pages';
import * as documentsMigration from './migrations/0011_documents';

/** Documents: uploads, their analysis, downloads and the Evidence Package. */
export const documentsFeature = declareFeature({
  name: 'documents',
  actions: DOCUMENTS_ACTIONS,
  pages: DOCUMENT_PAGES,
  tables: [
    {
      table: 'documents',
      scope: byFirm,
      key: ['id'],
      ids: ['id', 'firm_id', 'case_id', 'client_id'],
      userRefs: ['uploaded_by'],
      omit: ['search_text'],
      fileKey: 'storage_key',
    },
  ],
  migrations: { '0011_documents': documentsMigration },
  mount: (s: Services) =>
    mountDocuments({
      kit: s.kit,
      documents: s.documents,
      cases: s.cases,
      countAiUse: s.ai.recordUse,
    }),
});
