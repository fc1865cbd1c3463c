import { Alert } from '../../../islands/ui/form';
import type { ClientRecord } from '../../shared/cases';
import { pages } from '../../shared/paths';
import { useRenderContext } from '../../../views/context';
import type { CaseArea } from '../../../islands/ui/cases';
import type { FormDone } from '../../access/action';
import { page } from '../../access/page';
import { deleteClient, getClient } from '../actions';
import { areaOf, inBothAreas, meta } from './area';

type Props = {
  area: CaseArea;
  client: ClientRecord;
  /** Why the delete just posted was refused (the client still has cases). */
  refusal?: string;
  /** Why it cannot be done at all (the permission matrix): the button is shown disabled. */
  disabled?: string;
};

/** "1 case", "3 cases" */
const casesCount = (n: number) => `${n} ${n === 1 ? 'case' : 'cases'}`;

/**
 * /{area}/clients/{id}/delete: deleting a client, confirmed first. A client with cases stays (their
 * history is the firm's record): the page says so before anyone tries.
 */
function ClientDeletePage({ area, client, refusal, disabled }: Props) {
  const { csrfToken } = useRenderContext();
  const paths = pages.cases(area);
  const reason = refusal ?? disabled;
  return (
    <section className="narrow card">
      <h1>Delete Client</h1>
      {reason && <Alert kind="error">{reason}</Alert>}
      {client.caseCount > 0 && !refusal ? (
        <p>
          {`${client.name} has ${casesCount(client.caseCount)}. A client can be deleted only when none are left: delete their cases first.`}
        </p>
      ) : (
        <p>{`Are you sure you want to delete ${client.name}? Their details are deleted. This cannot be undone.`}</p>
      )}
      <form method="post" action={paths.clientRemove(client.id)}>
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
          <a className="btn btn-secondary" href={paths.client(client.id)}>
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

export const clientDeletePage = page({
  path: inBothAreas((p) => p.clientRemove(':id')),
  reads: [getClient],
  offers: { clientRemove: deleteClient },
  load: ({ read }) => read(getClient),
  render: (client, { actor, closed, form }) => ({
    // Refused just now: the refusal says why; otherwise why the button is off, if it is.
    view: (
      <ClientDeletePage
        area={areaOf(actor)}
        client={client}
        refusal={form?.refusal?.message}
        disabled={form?.refusal ? undefined : closed.clientRemove}
      />
    ),
    meta: meta('Delete Client', `Delete the client ${client.name}.`),
  }),
  forms: [
    {
      action: deleteClient,
      done: ({ actor }, client: ClientRecord): FormDone => ({
        to: pages.cases(areaOf(actor)).list,
        flash: `${client.name} was deleted.`,
      }),
      refused: (_ctx, refusal) => {
        if (refusal.status === 404) throw refusal.error;
        return undefined;
      },
    },
  ],
});
