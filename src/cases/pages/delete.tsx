import { ConfirmDelete } from '../../../views/components/ConfirmDelete';
import type { CaseRecord } from '../../shared/cases';
import { pages } from '../../shared/paths';
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
  const paths = pages.cases(area);
  return (
    <ConfirmDelete
      title="Delete Case"
      refusal={refusal}
      disabled={disabled}
      action={paths.remove(record.id)}
      cancelHref={paths.view(record.id)}
    >
      <p>
        {`Are you sure you want to delete case ${record.caseNumber} of ${record.client.name}? Its history is deleted with it. This cannot be undone.`}
      </p>
    </ConfirmDelete>
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
