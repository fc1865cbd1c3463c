import { declareFor } from '../access/action';
import { CASE_NOT_FOUND } from '../cases/service';
import { api } from '../shared/paths';
import type { CaseStatusService } from './service';

/** What the case status's actions run with. */
type CaseStatusDeps = { caseStatus: CaseStatusService };

const action = declareFor<CaseStatusDeps>();
const CASES = 'Case Management';

export const getCaseStatus = action({
  name: 'Get Case Status',
  category: CASES,
  description:
    'USCIS case status of one of the firm\'s cases: each receipt number (the case\'s own and those read from its documents) with its latest check and those before. Answers {"caseId", "configured", "receipts": [{"receiptNumber", "latest", "history"}]}; configured is false without USCIS credentials.',
  method: 'GET',
  route: api.caseStatus('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.caseStatus.statusOf(actor, params.id),
});

export const checkCaseStatus = action({
  name: 'Check Case Status',
  category: CASES,
  description:
    'Check the case\'s receipt numbers with USCIS now; one checked in the last 10 minutes keeps its last answer. Answers the case status with "checkedNow" (the receipts asked about now); 503 without USCIS credentials.',
  method: 'POST',
  route: api.caseStatus('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  run: ({ deps, actor, params }) => deps.caseStatus.checkCase(actor, params.id),
});

export const CASE_STATUS_ACTIONS = { getCaseStatus, checkCaseStatus };
