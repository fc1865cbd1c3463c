import { Alert } from '../../islands/ui/form';
import type { CaseRecord } from '../../src/shared/cases';
import { pages } from '../../src/shared/paths';
import { useRenderContext } from '../context';
import type { CaseArea } from '../../islands/ui/cases';

type Props = {
  area: CaseArea;
  record: CaseRecord;
  /** Why the delete just posted was refused. */
  refusal?: string;
  /** Why it cannot be done at all (the permission matrix): the button is shown disabled. */
  disabled?: string;
};

/** /{area}/cases/{id}/delete: deleting a case, confirmed first; a plain form, so it works without JavaScript. */
export function CaseDeletePage({ area, record, refusal, disabled }: Props) {
  const { csrfToken } = useRenderContext();
  const paths = pages.cases(area);
  const reason = refusal ?? disabled;
  return (
    <section className="narrow card">
      <h1>Delete Case</h1>
      {reason && <Alert kind="error">{reason}</Alert>}
      <p>
        {`Are you sure you want to delete case ${record.caseNumber} of ${record.client.name}? Its history is deleted with it. This cannot be undone.`}
      </p>
      <form method="post" action={paths.remove(record.id)}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <div className="form-actions">
          <button
            type="submit"
            className="btn btn-danger"
            disabled={disabled !== undefined}
            aria-describedby={disabled ? 'delete-disabled-reason' : undefined}
          >
            Delete
          </button>
          <a className="btn btn-secondary" href={paths.view(record.id)}>
            Cancel
          </a>
        </div>
        {disabled && (
          <p className="visually-hidden" id="delete-disabled-reason">
            {disabled}
          </p>
        )}
      </form>
    </section>
  );
}
