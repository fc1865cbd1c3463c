import { type FormDone } from '../../access/action';
import { page, type PageContext, redirectTo } from '../../access/page';
import { CASE_NOT_FOUND } from '../../cases/service';
import { pages } from '../../shared/paths';
import { checkCaseStatus } from '../actions';
import type { CaseStatusCheck } from '../types';

/** The case page's USCIS status card, where the form comes back to. */
const cardOf = (ctx: PageContext) =>
  `${pages.cases(ctx.actor?.role === 'admin' ? 'admin' : 'user').view(ctx.params.id)}#uscis-status`;

/** What a check made on demand says once done. */
function doneWords(outcome: CaseStatusCheck): string {
  const asked = outcome.checkedNow.length;
  if (outcome.receipts.length === 0) return 'The case has no receipt number to check.';
  if (asked === 0) return 'Checked with USCIS in the last 10 minutes: the last answers stand.';
  return `Checked ${asked === 1 ? 'one receipt number' : `${asked} receipt numbers`} with USCIS.`;
}

/**
 * /{area}/cases/{id}/uscis-status: the case page's Check now, a form that needs no JavaScript. Asked for
 * directly, it is the case page's card.
 */
const caseStatusPage = page({
  path: [pages.cases('admin').uscisStatus(':id'), pages.cases('user').uscisStatus(':id')],
  reads: [],
  notFound: CASE_NOT_FOUND,
  load: async (ctx) => redirectTo(cardOf(ctx)),
  render: () => {
    throw new Error('The USCIS status form only redirects.');
  },
  forms: [
    {
      action: checkCaseStatus,
      done: (ctx, outcome: CaseStatusCheck): FormDone => ({ to: cardOf(ctx), flash: doneWords(outcome) }),
      // Not configured, or not allowed: said on the case page; another firm's case is not found.
      refused: (ctx, refusal) => {
        if (refusal.status === 404) throw refusal.error;
        return { to: cardOf(ctx), kind: 'error' };
      },
    },
  ],
});

export const CASE_STATUS_PAGES = [caseStatusPage];
