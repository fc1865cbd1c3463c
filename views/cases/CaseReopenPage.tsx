import { Alert, RequiredNote, TextAreaField } from '../../islands/ui/form';
import type { CaseArea } from '../../islands/ui/cases';
import { CASE_LIMITS, type CaseRecord, REOPEN_LABEL, STATUS_LABELS } from '../../src/shared/cases';
import { formatDate } from '../../src/shared/dates';
import { pages } from '../../src/shared/paths';
import { useRenderContext } from '../context';

export type CaseReopenPageProps = {
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
