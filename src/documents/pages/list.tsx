import DocumentUpload from '../../../islands/DocumentUpload';
import type { DocumentArea, DocumentListView } from '../../../islands/ui/documents';
import type { CaseChoice, CasePick } from '../../shared/case-pick';
import { Icon } from '../../../islands/ui/icon';
import type { Refusal } from '../../access/action';
import { page } from '../../access/page';
import { HttpError } from '../../http/errors';
import { caseQueryOf } from '../../shared/case-pick';
import {
  DOCUMENT_LIST_PAGE_SIZE,
  type DocumentCategory,
  type DocumentCounts,
  type DocumentPage,
  type DocumentRecord,
} from '../../shared/documents';
import { listDocuments, uploadDocument } from '../actions';
import { documentCounts, pickCases } from '../reads';
import { uploadFields } from '../schema';
import { areaOf, inBothAreas, meta, viewOf } from './area';
import { pages } from '../../shared/paths';
import { Island } from '../../../views/components/Island';
import { useRenderContext } from '../../../views/context';
import { DocumentCards } from './cards';
import { DocumentSearch, DocumentTable } from './table';

type DocumentsPageProps = {
  area: DocumentArea;
  counts: DocumentCounts;
  list: DocumentPage;
  view: DocumentListView;
  /** The upload's case picker (the case a document is filed under), and the list's filter by case. */
  uploadPick: CasePick;
  filterPick: CasePick;
  /** Why the file posted without JavaScript was refused, and the case and category it was posted with. */
  uploadError?: string;
  uploadValues?: { caseId?: string; category?: DocumentCategory };
  /** Why this person may not upload at all (the permission matrix). */
  uploadClosed?: string;
};

/**
 * /user/documents (SPEC "Documents"), and /admin/documents for administrators: the upload area with its
 * progress (the DocumentUpload island), the cards with their real counts, then the firm's documents.
 */
function DocumentsPage(props: DocumentsPageProps) {
  const { area, view } = props;
  const { csrfToken = '' } = useRenderContext();
  return (
    <section className="section documents-page">
      {area === 'admin' && <BackLink from={view.caseId ? props.filterPick.chosen : undefined} />}
      <h1 className="page-title">
        <Icon name="documents" />
        Documents
      </h1>
      <section aria-labelledby="upload-title" className="documents-upload">
        <h2 id="upload-title">Upload</h2>
        <Island
          of={DocumentUpload}
          trigger="idle"
          props={{
            area,
            pick: props.uploadPick,
            category: props.uploadValues?.category ?? view.category,
            csrfToken,
            error: props.uploadError,
            closed: props.uploadClosed,
          }}
        />
      </section>
      <DocumentCards area={area} counts={props.counts} />
      <section aria-labelledby="documents-list-title" className="documents-list">
        <h2 id="documents-list-title">All documents</h2>
        <DocumentSearch area={area} view={view} pick={props.filterPick} />
        <DocumentTable area={area} view={view} list={props.list} />
      </section>
    </section>
  );
}

/** An administrator comes here from a case (its documents) or from Case Management. */
function BackLink({ from }: { from?: CaseChoice }) {
  const paths = pages.cases('admin');
  return (
    <p className="back-link">
      {from ? (
        <a href={paths.view(from.id)}>{`← Back to case ${from.caseNumber}`}</a>
      ) : (
        <a href={paths.list}>← Back to Case Management</a>
      )}
    </p>
  );
}

/** The case and category an upload was posted with, when they are ones the form offers. */
const postedUpload = (values: Record<string, unknown>) => {
  const posted = uploadFields.safeParse(values);
  return posted.success ? posted.data : undefined;
};

/** A refused upload's words: the refusal, then each field's own message it does not repeat. */
const uploadErrorOf = (refusal: Refusal) =>
  [refusal.message, ...Object.values(refusal.fields ?? {}).filter((m) => m && m !== refusal.message)].join(
    ' ',
  );

/**
 * /{area}/documents: the upload area, the cards and the list. A refused upload (too large, not an accepted
 * type, empty, no case) shows the list as it starts, saying why, with the case and category as posted.
 * The upload form's own address shows the same page (a reload after a refusal).
 */
export const documentsPage = page({
  path: [...inBothAreas((p) => p.list), ...inBothAreas((p) => p.upload)],
  reads: [listDocuments, documentCounts, pickCases],
  offers: { upload: uploadDocument },
  async load({ read, req, form }) {
    const refused = form?.action === uploadDocument.name ? form : undefined;
    const view = refused ? viewOf({}) : viewOf(req.query);
    const uploadValues = refused && postedUpload(refused.values);
    const q = caseQueryOf(req.query as Record<string, unknown>);
    const [list, counts, uploadPick, filterPick] = await Promise.all([
      read(listDocuments, {
        input: { ...(refused ? {} : req.query), pageSize: DOCUMENT_LIST_PAGE_SIZE },
      }),
      read(documentCounts),
      read(pickCases, { input: { q, chosen: uploadValues?.caseId ?? view.caseId } }),
      read(pickCases, { input: { q, chosen: view.caseId } }),
    ]);
    if (view.page > 1 && list.items.length === 0)
      throw new HttpError(404, `The documents table has no page ${view.page}.`);
    const uploadError = refused?.refusal && uploadErrorOf(refused.refusal);
    return { list, view, counts, uploadPick, filterPick, uploadValues, uploadError };
  },
  render: (data, { actor, closed }) => ({
    view: <DocumentsPage area={areaOf(actor)} {...data} uploadClosed={closed.upload} />,
    meta: meta('Documents', 'Upload the firm’s documents and read what their analysis found.'),
  }),
  forms: [
    {
      // The upload area without JavaScript: one file, then its page, which shows the analysis once done.
      action: uploadDocument,
      path: inBothAreas((p) => p.upload),
      done: ({ actor }, record: DocumentRecord) => ({
        to: pages.documents(areaOf(actor)).view(record.id),
        flash: `${record.name} was uploaded; its analysis has begun.`,
      }),
    },
  ],
});
