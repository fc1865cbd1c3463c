import { declareFeature } from '../access/feature-declaration';
import { byFirm } from '../backups/tables';
import type { Services } from '../services';
import { INTAKE_ACTIONS, reviewQuestionnaire } from './actions';
import * as questionnairesMigration from './migrations/0019_questionnaires';
import { INTAKE_PAGES } from './pages';

/** Intake questionnaires: templates as data, sent to a party or filled with them, reviewed and accepted. */
export const intakeFeature = declareFeature({
  name: 'intake',
  actions: INTAKE_ACTIONS,
  pages: INTAKE_PAGES,
  tables: [
    {
      table: 'questionnaires',
      scope: byFirm,
      key: ['id'],
      ids: ['id', 'firm_id', 'case_id', 'party_id'],
      userRefs: ['created_by', 'accepted_by'],
    },
  ],
  migrations: { '0019_questionnaires': questionnairesMigration },
  mount: (s: Services) => {
    const deps = { intake: s.intake };
    s.kit.bind({ reviewQuestionnaire }, deps);
    return { api: s.kit.api(Object.values(INTAKE_ACTIONS), deps), pages: s.kit.pages(INTAKE_PAGES) };
  },
});
