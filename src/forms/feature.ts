import { declareFeature } from '../access/feature-declaration';
import { byFirm } from '../backups/tables';
import type { Services } from '../services';
import { FORMS_ACTIONS, formsFeature as mountForms } from '.';
import * as formsMigration from './migrations/0013_forms';
import * as attorneyProfileMigration from './migrations/0021_attorney_profile';
import { FORMS_PAGES } from './pages';

/** USCIS forms: the specification, validation, packets and official editions. */
export const formsFeature = declareFeature({
  name: 'forms',
  actions: FORMS_ACTIONS,
  pages: FORMS_PAGES,
  tables: [
    {
      table: 'form_editions',
      scope: byFirm,
      key: ['id'],
      ids: ['id', 'firm_id'],
      userRefs: ['uploaded_by'],
      fileKey: 'storage_key',
    },
    {
      table: 'generated_forms',
      scope: byFirm,
      key: ['id'],
      ids: ['id', 'firm_id', 'case_id', 'document_id'],
      userRefs: ['generated_by'],
    },
  ],
  migrations: { '0013_forms': formsMigration, '0021_attorney_profile': attorneyProfileMigration },
  mount: (s: Services) => mountForms({ kit: s.kit, forms: s.forms }),
});
