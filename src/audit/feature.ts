import { declareFeature } from '../access/feature-declaration';
import { byFirm } from '../backups/tables';

/** The audit log: every change, in words on the firm's activity. */
export const auditFeature = declareFeature({
  name: 'audit',
  tables: [
    {
      table: 'audit_log',
      scope: byFirm,
      key: ['seq'],
      ids: ['id', 'firm_id'],
      userRefs: ['actor_user_id'],
      omit: ['seq'],
    },
  ],
});
