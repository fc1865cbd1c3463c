import CasePickerIsland from '../../islands/CasePicker';
import { Island } from '../components/Island';
import { type CaseChoice, caseChoiceLabel, type CasePick } from '../../islands/ui/case-picker';
import { type DocumentArea, documentListPath } from '../../islands/ui/documents';
import { Alert } from '../../islands/ui/form';
import { Icon } from '../../islands/ui/icon';
import { DOCUMENT_TYPES, type DocumentRecord, FILE_KINDS, formatBytes } from '../../src/shared/documents';
import { pages } from '../../src/shared/paths';
import { useRenderContext } from '../context';

export type EvidencePageProps = {
  area: DocumentArea;
  /** The case picker: the cases its search found, and the case chosen. */
  pick: CasePick;
  /** The case chosen, with its documents in upload order. */
  chosen?: { case: CaseChoice; documents: DocumentRecord[] };
  /** The documents ticked when the build was refused (by default all of them). */
  checked?: string[];
  /** Why the package was not built. */
  error?: string;
  /** Why this person may not build packages at all (the permission matrix). */
  closed?: string;
};

/**
 * /{area}/documents/evidence (SPEC's Evidence Package card): choose a case, then which of its documents go
 * in; the package is one PDF with an exhibit index and a tab for each exhibit, downloaded at once.
 */
export function EvidencePage({ area, pick, chosen, checked, error, closed }: EvidencePageProps) {
  const paths = pages.documents(area);
  return (
    <section className="section evidence-page">
      <p className="back-link">
        <a href={paths.list}>← Back to Documents</a>
      </p>
      <h1 className="page-title">
        <Icon name="documents" />
        Evidence Package
      </h1>
      <p className="lead">
        One PDF of a case’s documents, as filings are assembled: an exhibit index first, then each document
        behind its exhibit tab (PDF pages as they are, images placed on pages).
      </p>
      {closed && <Alert kind="error">{closed}</Alert>}
      <form className="card evidence-case" method="get" action={paths.evidence}>
        <Island
          of={CasePickerIsland}
          trigger="load"
          props={{ id: 'evidence-case', name: 'case', pick: pick, none: 'Choose a case', required: true }}
        />
        <div className="evidence-case-actions">
          <button type="submit" className="btn btn-secondary">
            Show its documents
          </button>
        </div>
      </form>
      {error && <Alert kind="error">{error}</Alert>}
      {chosen && <Chooser area={area} chosen={chosen} checked={checked} closed={closed} />}
      {!chosen && !pick.query && pick.total === 0 && (
        <p className="muted">
          The firm has no cases yet. Open a case, upload its documents, then come back here.
        </p>
      )}
    </section>
  );
}

function Chooser(props: {
  area: DocumentArea;
  chosen: NonNullable<EvidencePageProps['chosen']>;
  checked?: string[];
  closed?: string;
}) {
  const { csrfToken } = useRenderContext();
  const { case: kase, documents } = props.chosen;
  const paths = pages.documents(props.area);
  if (documents.length === 0)
    return (
      <div className="card">
        <p>{`Case ${caseChoiceLabel(kase)} has no documents yet.`}</p>
        <p>
          <a
            href={documentListPath(props.area, { caseId: kase.id })}
          >{`Upload documents to ${kase.caseNumber}`}</a>
        </p>
      </div>
    );
  const ticked = new Set(props.checked ?? documents.map((d) => d.id));
  return (
    <form className="card evidence-documents" method="post" action={paths.evidence}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="caseId" value={kase.id} />
      <fieldset className="checkbox-group">
        <legend>{`Documents of ${caseChoiceLabel(kase)}, in the order they were uploaded`}</legend>
        <ol className="evidence-list">
          {documents.map((d) => (
            <li key={d.id} className="field-check">
              <input
                id={`evidence-${d.id}`}
                type="checkbox"
                name="documentIds"
                value={d.id}
                defaultChecked={ticked.has(d.id)}
              />
              <label htmlFor={`evidence-${d.id}`}>
                <span className="evidence-name">{d.name}</span>
                <span className="muted">
                  {` · ${d.type ? DOCUMENT_TYPES[d.type] : 'Not yet analyzed'} · ${FILE_KINDS[d.kind].label}, ${formatBytes(d.size)}`}
                </span>
              </label>
            </li>
          ))}
        </ol>
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={Boolean(props.closed)}>
          Build Evidence Package
        </button>
      </div>
    </form>
  );
}
