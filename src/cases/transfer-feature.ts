import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { CASE_TRANSFER_ACTIONS, casesTransferFeature as mountTransfer } from './transfer';

/** Import Cases and Export Data: mounted before the cases' routes, whose /cases/{id} would take "import" and "export" for an ID. */
export const caseTransferFeature = declareFeature({
  name: 'cases',
  actions: CASE_TRANSFER_ACTIONS,
  mount: (s: Services) => mountTransfer({ kit: s.kit, transfer: s.transfer, render: s.render }),
});
