import { declareFeature } from '../access/feature-declaration';
import { byFirm } from '../backups/tables';
import type { Services } from '../services';
import { AI_ACTIONS } from '.';
import * as aiMigration from './migrations/0012_ai';
import * as docketMigration from './migrations/0022_docket';
import { AI_PAGES } from './pages';

/** The AI tools: the docket and deadlines, compliance, the calendar feeds and reminders, and a case's facts. */
export const aiFeature = declareFeature({
  name: 'ai',
  actions: AI_ACTIONS,
  pages: AI_PAGES,
  tables: [
    {
      table: 'calendar_feeds',
      scope: { kind: 'parent', column: 'user_id', parent: 'users' },
      key: ['id'],
      ids: ['id', 'user_id'],
      omit: ['token_hash'],
    },
    {
      table: 'case_facts',
      scope: byFirm,
      key: ['case_id'],
      ids: ['case_id', 'firm_id'],
      userRefs: ['updated_by'],
    },
    {
      table: 'ai_usage',
      scope: byFirm,
      key: ['id'],
      ids: ['id', 'firm_id', 'case_id'],
      userRefs: ['user_id'],
    },
    {
      table: 'deadline_reminders',
      scope: byFirm,
      key: ['id'],
      ids: ['id', 'firm_id', 'user_id', 'case_id'],
    },
    { table: 'reminder_runs', scope: byFirm, key: ['day'], ids: ['firm_id'] },
    {
      table: 'deadlines',
      scope: byFirm,
      key: ['id'],
      ids: ['id', 'firm_id', 'case_id', 'document_id'],
      userRefs: ['owner_id', 'closed_by', 'created_by'],
    },
  ],
  migrations: { '0012_ai': aiMigration, '0022_docket': docketMigration },
  mount: (s: Services) => s.aiTools,
});
