import type { PageContext } from '../access/page';
import { getCase, listCases } from '../cases/actions';
import { type CasePick, caseChoiceOf, casePickQuery } from '../shared/case-pick';
import { CASE_LIMITS } from '../shared/cases';
import { todayIn } from '../shared/dates';

/** What a page with a case picker reads: the firm's cases (the search) and the case chosen. */
export const CASE_PICK_READS = [listCases, getCase];

/**
 * A case picker's choices, read through Get Cases and Get Case (so that the matrix decides, as for the
 * API): what its search finds (every case of the firm matching the words, or the open ones), the soonest
 * due first, with the chosen case kept when the search did not find it; none when it names no case.
 */
export async function readCasePick(ctx: PageContext, query: string, chosenId?: string): Promise<CasePick> {
  const search = casePickQuery(query.slice(0, CASE_LIMITS.search));
  const [list, chosen] = await Promise.all([
    ctx.read(listCases, { input: search }),
    chosenId
      ? ctx.read(getCase, { params: { id: chosenId } }).catch((error: { status?: number }) => {
          if (error.status === 404) return undefined;
          throw error;
        })
      : undefined,
  ]);
  if (!ctx.firm) throw new Error('A case picker lists the cases of the signed-in person’s firm.');
  // The firm's today says which cases are overdue.
  const today = todayIn(ctx.firm.timeZone);
  return {
    query: search.q,
    results: list.items.map((record) => caseChoiceOf(record, today)),
    total: list.total,
    chosen: chosen && caseChoiceOf(chosen, today),
    today,
  };
}
