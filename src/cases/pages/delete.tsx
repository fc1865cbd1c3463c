import { Alert } from '../../../islands/ui/form';
import type { CaseRecord } from '../../shared/cases';
import { pages } from '../../shared/paths';
import { useRenderContext } from '../../../views/context';
import type { CaseArea } from '../../../islands/ui/cases';
import type { FormDone } from '../../access/action';
import { page } from '../../access/page';
import { deleteCase, getCase } from '../actions';
import { areaOf, inBothAreas, meta } from './area';

type Props = {
  area: CaseArea;
  record: CaseRecord;
  /** Why the delete just posted was refused. */
  refusal?: string;
  /** Why it cannot be done at all (the permission matrix): the button is shown disabled. */
  disabled?: string;
};

/** /{area}/cases/{id}/delete: deleting a case, confirmed first; a plain form, so it works without JavaScript. */
function CaseDeletePage({ area, record, refusal, disabled }: Props) {
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

export const caseDeletePage = page({
  path: inBothAreas((p) => p.remove(':id')),
  reads: [getCase],
  offers: { remove: deleteCase },
  load: ({ read }) => read(getCase),
  render: (record, { actor, closed, form }) => ({
    // Refused just now: the refusal says why; otherwise why the button is off, if it is.
    view: (
      <CaseDeletePage
        area={areaOf(actor)}
        record={record}
        refusal={form?.refusal?.message}
        disabled={form?.refusal ? undefined : closed.remove}
      />
    ),
    meta: meta('Delete Case', `Delete case ${record.caseNumber}.`),
  }),
  forms: [
    {
      action: deleteCase,
      done: ({ actor }, record: CaseRecord): FormDone => ({
        to: pages.cases(areaOf(actor)).list,
        flash: `Case ${record.caseNumber} of ${record.client.name} was deleted.`,
      }),
      refused: (_ctx, refusal) => {
        if (refusal.status === 404) throw refusal.error;
        return undefined;
      },
    },
  ],
});
