import type { Decision } from '../../shared/cases';
import { page } from '../../access/page';
import { HttpError } from '../../http/errors';
import { canMove, isDecision, refusedMoveMessage } from '../../shared/cases';
import { changeCase } from '../actions';
import { areaOf, backPathOf, inBothAreas, meta, todayOf } from './area';
import { CASE_READS, loadCase, renderCase } from './case';
import { CaseDecidePage } from './decide-view';

/**
 * The confirmation of a decision (?to=approved or rejected), with the date USCIS decided; a case that
 * cannot make that move now is its page, saying why (409). Its form is the case page's move.
 */
export const caseDecidePage = page({
  path: inBothAreas((p) => p.decide(':id')),
  reads: CASE_READS,
  offers: { move: changeCase },
  async load(ctx) {
    const to = ctx.req.query.to;
    const data = await loadCase(ctx);
    if (!isDecision(to as Decision)) throw new HttpError(404, 'Choose approved or rejected.');
    return { ...data, to: to as Decision };
  },
  render: (data, ctx) => {
    const { record, to } = data;
    if (!canMove(record.status, to))
      return { ...renderCase(data, ctx, refusedMoveMessage(record.status, to)), status: 409 };
    const area = areaOf(ctx.actor);
    return {
      view: (
        <CaseDecidePage
          area={area}
          record={record}
          to={to}
          today={todayOf(ctx)}
          disabled={ctx.closed.move}
          back={backPathOf(area, { back: ctx.req.query.back })}
        />
      ),
      meta: meta(
        `Record the decision on ${record.caseNumber}`,
        `USCIS's decision on case ${record.caseNumber}.`,
      ),
    };
  },
});
