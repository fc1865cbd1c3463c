import { ConfirmDelete } from '../../../views/components/ConfirmDelete';
import type { Firm } from '../../shared/firms';
import { pages } from '../../shared/paths';
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
  const { user } = useRenderContext();
  return (
    <ConfirmDelete
      title="Delete Firm"
      refusal={refusal}
      disabled={disabled}
      action={pages.reti.firmDelete(firm.id)}
      cancelHref={pages.reti.dashboard}
    >
      {disabled && user?.role === 'reti' && (
        <p>
          <a href={pages.reti.actions}>Turn it on in Actions Management</a>
        </p>
      )}
      <p>{`Are you sure you want to delete ${firm.name}? Its users will be removed too.`}</p>
    </ConfirmDelete>
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
