import type { Firm } from '../../src/shared/firms';
import { useRenderContext } from '../context';

/** /reti/firms/{id}/delete: the confirmation; works as a plain form, and shows why a delete was refused. */
export function FirmDeletePage({ firm, refusal }: { firm: Firm; refusal?: string }) {
  const { csrfToken } = useRenderContext();
  return (
    <section className="narrow card">
      <h1>Delete Firm</h1>
      {refusal && (
        <p className="alert alert-error" role="alert">
          {refusal}
        </p>
      )}
      <p>{`Are you sure you want to delete ${firm.name}? Its users will be removed too.`}</p>
      <form method="post" action={`/reti/firms/${firm.id}/delete`}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <div className="form-actions">
          <button type="submit" className="btn btn-danger">
            Delete
          </button>
          <a className="btn btn-secondary" href="/reti/dashboard">
            Cancel
          </a>
        </div>
      </form>
    </section>
  );
}
