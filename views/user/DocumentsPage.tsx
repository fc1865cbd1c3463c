import DocumentUpload from '../../islands/DocumentUpload';
import type { DocumentArea, DocumentListView } from '../../islands/ui/documents';
import type { CaseChoice, CasePick } from '../../src/shared/case-pick';
import { Icon } from '../../islands/ui/icon';
import type { DocumentCategory, DocumentCounts, DocumentPage } from '../../src/shared/documents';
import { pages } from '../../src/shared/paths';
import { Island } from '../components/Island';
import { useRenderContext } from '../context';
import { DocumentCards } from '../documents/DocumentCards';
import { DocumentSearch, DocumentTable } from '../documents/DocumentList';

export type DocumentsPageProps = {
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
export function DocumentsPage(props: DocumentsPageProps) {
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
