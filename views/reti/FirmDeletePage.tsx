import type { Firm } from '../../src/shared/firms';
import { pages } from '../../src/shared/paths';
import { Alert } from '../../islands/ui/form';
import { useRenderContext } from '../context';

type Props = {
  firm: Firm;
  /** Why the delete just posted was refused. */
  refusal?: string;
  /** Why the delete cannot be made now (the action is off, or the role lacks it): the button is disabled. */
  disabled?: string;
};

/** /reti/firms/{id}/delete: the confirmation; works as a plain form, and says why it cannot be used. */
export function FirmDeletePage({ firm, refusal, disabled }: Props) {
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
