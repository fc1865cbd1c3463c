import type { Firm } from '../../shared/firms';
import { pages } from '../../shared/paths';
import { Alert } from '../../../islands/ui/form';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import { deleteFirm, getFirm } from '../actions';

type Props = {
  firm: Firm;
  /** Why the delete just posted was refused. */
  refusal?: string;
  /** Why the delete cannot be made now (the action is off, or the role lacks it): the button is disabled. */
  disabled?: string;
};

/** /reti/firms/{id}/delete: the confirmation; works as a plain form, and says why it cannot be used. */
function FirmDeletePage({ firm, refusal, disabled }: Props) {
  const { csrfToken, user } = useRenderContext();
  const reason = refusal ?? disabled;
  return (
    <section className="narrow card">
      <h1>Delete Firm</h1>
      {reason && <Alert kind="error">{reason}</Alert>}
      {disabled && user?.role === 'reti' && (
        <p>
          <a href={pages.reti.actions}>Turn it on in Actions Management</a>
        </p>
      )}
      <p>{`Are you sure you want to delete ${firm.name}? Its users will be removed too.`}</p>
      <form method="post" action={pages.reti.firmDelete(firm.id)}>
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
          <a className="btn btn-secondary" href={pages.reti.dashboard}>
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

export const firmDeletePage = page({
  path: pages.reti.firmDelete(':id'),
  reads: [getFirm],
  offers: { remove: deleteFirm },
  load: ({ read }) => read(getFirm),
  render: (firm, { closed, form }) => ({
    // Refused just now: the refusal says why; otherwise why the button is off, if it is.
    view: (
      <FirmDeletePage
        firm={firm}
        refusal={form?.refusal?.message}
        disabled={form?.refusal ? undefined : closed.remove}
      />
    ),
    meta: { title: `Delete ${firm.name}`, description: `Remove ${firm.name} and its users.`, noindex: true },
  }),
  forms: [
    {
      action: deleteFirm,
      done: (_ctx, firm: Firm) => ({ to: pages.reti.dashboard, flash: `${firm.name} was deleted.` }),
    },
  ],
});
