import { ConfirmDelete } from '../../../views/components/ConfirmDelete';
import type { ClientRecord } from '../../shared/cases';
import { pages } from '../../shared/paths';
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
  const paths = pages.cases(area);
  return (
    <ConfirmDelete
      title="Delete Client"
      refusal={refusal}
      disabled={disabled}
      action={paths.clientRemove(client.id)}
      cancelHref={paths.client(client.id)}
    >
      {client.caseCount > 0 && !refusal ? (
        <p>
          {`${client.name} has ${casesCount(client.caseCount)}. A client can be deleted only when none are left: delete their cases first.`}
        </p>
      ) : (
        <p>{`Are you sure you want to delete ${client.name}? Their details are deleted. This cannot be undone.`}</p>
      )}
    </ConfirmDelete>
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
