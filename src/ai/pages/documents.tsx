import { z } from 'zod';
import { Badge } from '../../../islands/ui/badge';
import { SelectField } from '../../../islands/ui/form';
import { page } from '../../access/page';
import { listDocuments } from '../../documents/actions';
import { DOCUMENT_NOT_FOUND } from '../../documents/service';
import { HttpError } from '../../http/errors';
import { formatDate } from '../../shared/dates';
import { DOCUMENT_TYPES, type DocumentRecord } from '../../shared/documents';
import { pages } from '../../shared/paths';
import { getDocumentAnalysis } from '../actions';
import { SourceLink, ToolHead } from './parts';

type DocumentAnalysisProps = {
  /** The firm's analyzed documents, newest first. */
  documents: DocumentRecord[];
  chosen?: DocumentRecord;
};

const documentPaths = pages.documents('user');
const label = (d: DocumentRecord) =>
  `${d.name}${d.case ? ` · ${d.case.caseNumber}` : ''}${d.type ? ` · ${DOCUMENT_TYPES[d.type]}` : ''}`;

/** /user/ai/documents (Document Analysis): choose an analyzed document and see what its analysis found. */
function DocumentAnalysisPage({ documents, chosen }: DocumentAnalysisProps) {
  return (
    <section className="section ai-page">
      <ToolHead
        title="Document Analysis"
        lead="What the analysis of an uploaded document found: its type, the dates and numbers it reads, and the findings a lawyer should act on, each with its rule. Upload a document on the Documents screen to have it analyzed."
      />
      <form className="card ai-chooser" method="get" action={pages.ai.documents}>
        <SelectField
          id="analysis-document"
          name="document"
          label="Document"
          options={[
            { value: '', label: 'Choose a document' },
            ...documents.map((d) => ({ value: d.id, label: label(d) })),
          ]}
          defaultValue={chosen?.id ?? ''}
          required
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Show its analysis
          </button>
          <a className="btn btn-secondary" href={`${documentPaths.list}#upload-title`}>
            Upload a document
          </a>
        </div>
      </form>
      {documents.length === 0 && (
        <p className="muted">No document of the firm has been analyzed yet: upload one first.</p>
      )}
      {chosen && <Result record={chosen} />}
    </section>
  );
}

function Result({ record }: { record: DocumentRecord }) {
  const fields = record.fields;
  return (
    <section className="card ai-answer" aria-labelledby="analysis-title">
      <h2 id="analysis-title">{record.name}</h2>
      <dl className="details">
        <div>
          <dt>Type</dt>
          <dd>
            {record.type ? DOCUMENT_TYPES[record.type] : 'Not recognized'}
            {record.confidence !== null && (
              <span className="muted">{` (${Math.round(record.confidence * 100)}% confidence)`}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Case</dt>
          <dd>{record.case?.caseNumber ?? <span className="muted">Not filed under a case</span>}</dd>
        </div>
        {fields?.expirationDate && (
          <div>
            <dt>Expiration date</dt>
            <dd>{formatDate(fields.expirationDate)}</dd>
          </div>
        )}
        {fields?.noticeDate && (
          <div>
            <dt>Notice date</dt>
            <dd>{formatDate(fields.noticeDate)}</dd>
          </div>
        )}
        {fields?.receiptNumbers.length ? (
          <div>
            <dt>Receipt numbers</dt>
            <dd>{fields.receiptNumbers.join(', ')}</dd>
          </div>
        ) : null}
      </dl>
      {record.findings.length === 0 ? (
        <p>The analysis found nothing to act on.</p>
      ) : (
        <ul className="ai-checks">
          {record.findings.map((f) => (
            <li key={`${f.ruleId}-${f.title}`} className="card ai-check">
              <p className="ai-check-head">
                <Badge
                  status={
                    f.severity === 'danger' ? 'Action needed' : f.severity === 'warning' ? 'Check' : 'Note'
                  }
                  tone={f.severity}
                />{' '}
                <strong>{f.title}</strong>
              </p>
              <p>{f.message}</p>
              <p className="muted ai-check-rule">
                <code>{f.ruleId}</code>
                {` · ${f.citation} · `}
                <SourceLink href={f.sourceUrl} label={f.citation} />
              </p>
            </li>
          ))}
        </ul>
      )}
      {record.analysis?.summary && (
        <p>
          <span className="muted">{`Summary, written by the language model ${record.analysis.summary.model}: `}</span>
          {record.analysis.summary.text}
        </p>
      )}
      <p>
        <a className="btn btn-secondary" href={documentPaths.view(record.id)}>
          Open the document’s page
        </a>
      </p>
    </section>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ?document= chooses an analyzed document; one that is no ID names none. */
const documentQuery = z.object({ document: z.string().trim().catch('').default('') });

export const documentAnalysisPage = page({
  path: pages.ai.documents,
  reads: [listDocuments, getDocumentAnalysis],
  query: documentQuery,
  async load({ read, query }) {
    const documentId = query.document.toLowerCase();
    if (documentId && !UUID.test(documentId)) throw new HttpError(404, DOCUMENT_NOT_FOUND);
    const [list, chosen] = await Promise.all([
      read(listDocuments, { input: { status: 'done', pageSize: 100 } }),
      documentId ? read(getDocumentAnalysis, { input: { documentId } }) : undefined,
    ]);
    return { documents: list.items, chosen };
  },
  render: (data) => ({
    view: <DocumentAnalysisPage {...data} />,
    meta: {
      title: 'Document Analysis',
      description: 'What the analysis of an uploaded document found.',
      noindex: true,
    },
  }),
});
