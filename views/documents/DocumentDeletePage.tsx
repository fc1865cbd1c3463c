import { Alert } from '../../islands/ui/form';
import type { DocumentArea } from '../../islands/ui/documents';
import type { DocumentRecord } from '../../src/shared/documents';
import { pages } from '../../src/shared/paths';
import { useRenderContext } from '../context';

type Props = {
  area: DocumentArea;
  record: DocumentRecord;
  /** Why the delete just posted was refused. */
  refusal?: string;
  /** Why it cannot be done at all (the permission matrix): the button is shown disabled. */
  disabled?: string;
};

/** /{area}/documents/{id}/delete: deleting a document, confirmed first; a plain form, so it works without JavaScript. */
export function DocumentDeletePage({ area, record, refusal, disabled }: Props) {
  const { csrfToken } = useRenderContext();
  const paths = pages.documents(area);
  const reason = refusal ?? disabled;
  const of = record.case
    ? ` It is no longer part of case ${record.case.caseNumber} or its evidence packages.`
    : '';
  return (
    <section className="narrow card">
      <h1 className="document-title">{`Delete ${record.name}?`}</h1>
      {reason && <Alert kind="error">{reason}</Alert>}
      <p>{`The file and its analysis are deleted from the firm’s storage.${of} This cannot be undone.`}</p>
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
