import { ConfirmDelete } from '../../../views/components/ConfirmDelete';
import type { DocumentArea } from '../../../islands/ui/documents';
import type { DocumentRecord } from '../../shared/documents';
import { pages } from '../../shared/paths';
import { page } from '../../access/page';
import { deleteDocument, getDocument } from '../actions';
import { areaOf, inBothAreas, meta } from './area';

type Props = {
  area: DocumentArea;
  record: DocumentRecord;
  /** Why the delete just posted was refused. */
  refusal?: string;
  /** Why it cannot be done at all (the permission matrix): the button is shown disabled. */
  disabled?: string;
};

/** /{area}/documents/{id}/delete: deleting a document, confirmed first; a plain form, so it works without JavaScript. */
function DocumentDeletePage({ area, record, refusal, disabled }: Props) {
  const paths = pages.documents(area);
  const of = record.case
    ? ` It is no longer part of case ${record.case.caseNumber} or its evidence packages.`
    : '';
  return (
    <ConfirmDelete
      title={`Delete ${record.name}?`}
      titleClassName="document-title"
      refusal={refusal}
      disabled={disabled}
      action={paths.remove(record.id)}
      cancelHref={paths.view(record.id)}
    >
      <p>{`The file and its analysis are deleted from the firm’s storage.${of} This cannot be undone.`}</p>
    </ConfirmDelete>
  );
}

export const documentDeletePage = page({
  path: inBothAreas((p) => p.remove(':id')),
  reads: [getDocument],
  offers: { remove: deleteDocument },
  load: ({ read }) => read(getDocument),
  render: (record, { actor, closed, form }) => ({
    // Refused just now: the refusal says why; otherwise why the button is off, if it is.
    view: (
      <DocumentDeletePage
        area={areaOf(actor)}
        record={record}
        refusal={form?.refusal?.message}
        disabled={form?.refusal ? undefined : closed.remove}
      />
    ),
    meta: meta('Delete Document', `Delete the document ${record.name}.`),
  }),
  forms: [
    {
      action: deleteDocument,
      done: ({ actor }, record: DocumentRecord) => ({
        to: pages.documents(areaOf(actor)).list,
        flash: `${record.name} was deleted.`,
      }),
      // Gone already: the not-found page, as for a read.
      refused: (_ctx, refusal) => {
        if (refusal.status === 404) throw refusal.error;
        return undefined;
      },
    },
  ],
});
