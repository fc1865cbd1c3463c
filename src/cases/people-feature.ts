import { declareFeature } from '../access/feature-declaration';
import { byFirm } from '../backups/tables';
import type { Services } from '../services';
import * as peopleMigration from './migrations/0018_people';
import * as factSourcesMigration from './migrations/0025_fact_sources';
import { PEOPLE_ACTIONS } from './people-actions';
import { PEOPLE_PAGES } from './pages';

/**
 * The firm's people and the parties of its cases: {API}/people and /cases/{id}/parties, the People pages
 * and a case's Parties panel. A person is a row of the clients table (a client is a person).
 */
export const peopleFeature = declareFeature({
  name: 'cases',
  actions: PEOPLE_ACTIONS,
  pages: PEOPLE_PAGES,
  tables: [
    {
      table: 'case_parties',
      scope: byFirm,
      key: ['id'],
      ids: ['id', 'firm_id', 'case_id', 'person_id'],
    },
  ],
  migrations: { '0018_people': peopleMigration, '0025_fact_sources': factSourcesMigration },
  mount: (s: Services) => ({
    api: s.kit.api(Object.values(PEOPLE_ACTIONS), { people: s.people }),
    pages: s.kit.pages(PEOPLE_PAGES),
  }),
});
