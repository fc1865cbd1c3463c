import { Alert, RequiredNote, TextAreaField } from '../../../islands/ui/form';
import type { CaseArea } from '../../../islands/ui/cases';
import { CASE_LIMITS, type CaseRecord, REOPEN_LABEL, STATUS_LABELS } from '../../shared/cases';
import { formatDate } from '../../shared/dates';
import { pages } from '../../shared/paths';
import { useRenderContext } from '../../../views/context';
import type { FormDone } from '../../access/action';
import { page } from '../../access/page';
import { isDecision } from '../../shared/cases';
import { reopenDecision } from '../actions';
import { areaOf, inBothAreas, meta } from './area';
import { CASE_READS, loadCase, renderCase } from './case';

type CaseReopenPageProps = {
  area: CaseArea;
  record: CaseRecord;
  /** The reason as posted, when it was refused, and why. */
  reason?: string;
  error?: string;
  fieldError?: string;
  /** Why this person may not reopen decisions (the permission matrix): the button is shown disabled. */
  disabled?: string;
};

/**
 * /{area}/cases/{id}/reopen: an administrator undoes a decision recorded by mistake, saying why; the case
 * goes back to processing. (An appeal after a rejection is the case page's ordinary move.)
 */
export function CaseReopenPage({ area, record, reason, error, fieldError, disabled }: CaseReopenPageProps) {
  const { csrfToken } = useRenderContext();
  const paths = pages.cases(area);
  const status = STATUS_LABELS[record.status].toLowerCase();
  const on = record.decidedOn ? ` on ${formatDate(record.decidedOn)}` : '';
  const refusal = error ?? disabled;
  return (
    <section className="narrow card case-reopen">
      <h1>Reopen Decision</h1>
      {refusal && <Alert kind="error">{refusal}</Alert>}
      <p>{`Case ${record.caseNumber} of ${record.client.name} is recorded as ${status}${on}.`}</p>
      <p>
        Reopen it only when that was recorded by mistake: the case goes back to processing, its decision date
        is cleared, and the reason is kept in its history and the audit log.
        {record.status === 'rejected' &&
          ` When an appeal or motion was filed, use “${REOPEN_LABEL}” instead.`}
      </p>
      <form method="post" action={paths.reopen(record.id)}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <RequiredNote />
        <TextAreaField
          id="reopen-reason"
          name="reason"
          label="Reason"
          hint="What was recorded by mistake, for whoever reads the case’s history."
          maxLength={CASE_LIMITS.reopenReason}
          required
          rows={3}
          defaultValue={reason}
          error={fieldError}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-danger" disabled={disabled !== undefined}>
            Reopen decision
          </button>
          <a className="btn btn-secondary" href={paths.view(record.id)}>
            Cancel
          </a>
        </div>
      </form>
    </section>
  );
}

/** An administrator's page to reopen a decision recorded by mistake; an undecided case's page says why (409). */
export const caseReopenPage = page({
  path: inBothAreas((p) => p.reopen(':id')),
  reads: CASE_READS,
  offers: { reopen: reopenDecision },
  load: loadCase,
  render: (data, ctx) => {
    const { record } = data;
    const refusal = ctx.form?.refusal;
    if (!isDecision(record.status) && !refusal)
      return {
        ...renderCase(
          data,
          ctx,
          `Only a decided case (approved or rejected) can be reopened: this one is ${record.status}.`,
        ),
        status: 409,
      };
    const fieldError = refusal?.fields?.reason;
    const reason =
      ctx.form && typeof ctx.form.values.reason === 'string' ? ctx.form.values.reason : undefined;
    return {
      view: (
        <CaseReopenPage
          area={areaOf(ctx.actor)}
          record={record}
          disabled={ctx.closed.reopen}
          reason={reason}
          fieldError={fieldError}
          error={fieldError ? undefined : refusal?.message}
        />
      ),
      meta: meta(
        `Reopen the decision on ${record.caseNumber}`,
        `Reopen case ${record.caseNumber}'s decision.`,
      ),
    };
  },
  forms: [
    {
      action: reopenDecision,
      done: ({ actor }, record: CaseRecord): FormDone => ({
        to: pages.cases(areaOf(actor)).view(record.id),
        flash: `The decision on case ${record.caseNumber} was reopened: it is processing again.`,
      }),
      refused: (_ctx, refusal) => {
        if (refusal.status === 404) throw refusal.error;
        return undefined;
      },
    },
  ],
});
