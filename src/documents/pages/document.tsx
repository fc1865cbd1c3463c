import type { ReactNode } from 'react';
import { Badge } from '../../../islands/ui/badge';
import { type DocumentArea, documentListPath, DocumentStatusBadge } from '../../../islands/ui/documents';
import { Alert } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { formatDate } from '../../shared/dates';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_TYPES,
  type DocumentAnalysis,
  type DocumentFields,
  type DocumentFinding,
  type DocumentRecord,
  FILE_KINDS,
  type FindingSeverity,
  formatBytes,
  type NoticeType,
  type TextMethod,
} from '../../shared/documents';
import { pages } from '../../shared/paths';
import { DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import { HttpError } from '../../http/errors';
import { analyzeDocument, deleteDocument, downloadDocument, getDocument } from '../actions';
import { receiptOffer } from '../reads';
import { DOCUMENT_NOT_FOUND } from '../service';
import { areaOf, inBothAreas, meta } from './area';

/** A receipt number the analysis found, offered to the document's case, which has none yet. */
export type ReceiptOffer = { receiptNumber: string; caseId: string; caseNumber: string };

type DocumentPageProps = {
  area: DocumentArea;
  record: DocumentRecord;
  /** Why the person may not use a control at all (the permission matrix), by control. */
  closed: { analyze?: string; remove?: string };
  receiptOffer?: ReceiptOffer;
  /** Why an Analyze again just posted from this page was refused. */
  error?: string;
};

const NOT_FOUND = <span className="muted">Not found</span>;

/** Each severity in words first: the colour only repeats them. */
const SEVERITIES: Record<FindingSeverity, { words: string; tone: 'danger' | 'warning' | 'info' }> = {
  danger: { words: 'Action needed', tone: 'danger' },
  warning: { words: 'Check', tone: 'warning' },
  info: { words: 'Note', tone: 'info' },
};

const NOTICE_TYPES: Record<NoticeType, string> = {
  receipt: 'Receipt notice',
  approval: 'Approval notice',
  rfe: 'Request for Evidence',
  transfer: 'Transfer notice',
  noid: 'Notice of Intent to Deny',
  denial: 'Denial',
};

const TEXT_METHODS: Record<TextMethod, string> = {
  'pdf-text': 'the PDF’s text',
  ocr: 'optical character recognition (OCR) of the image',
  docx: 'the Word document’s text',
  doc: 'the Word document’s text',
  none: 'nowhere: no text was found',
};

const languageNames = new Intl.DisplayNames('en-US', { type: 'language' });
/** "es" → "Spanish (es)"; a code Intl does not know is shown as it is. */
function languageOf(code: string): string {
  try {
    const name = languageNames.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

const percent = (share: number) => `${Math.round(share * 100)}%`;
const dates = (values: string[]) => values.map(formatDate).join(', ');
const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

/** A document's page: the file, the state of its analysis, and what the analysis found. */
function DocumentPage({ area, record, closed, receiptOffer, error }: DocumentPageProps) {
  const paths = pages.documents(area);
  const listPath = record.case ? documentListPath(area, { caseId: record.case.id }) : paths.list;
  const analysis = record.status === 'done' ? record.analysis : null;
  return (
    <section className="section document-page">
      <p className="back-link">
        <a href={listPath}>
          {record.case ? `← Back to the documents of ${record.case.caseNumber}` : '← Back to Documents'}
        </a>
      </p>
      <div className="page-head">
        <h1 className="page-title document-title">
          <Icon name="documents" />
          {record.name}
        </h1>
        <Actions area={area} record={record} closed={closed} />
      </div>
      {error && <Alert kind="error">{error}</Alert>}
      <div className="document-columns">
        <FileFacts area={area} record={record} />
        <div className="document-side">
          <AnalysisState area={area} record={record} closed={closed} />
          {analysis && <TypeCard record={record} analysis={analysis} />}
        </div>
      </div>
      {analysis && <Analysis area={area} record={record} analysis={analysis} receiptOffer={receiptOffer} />}
    </section>
  );
}

function Actions({ area, record, closed }: Omit<DocumentPageProps, 'receiptOffer' | 'error'>) {
  const paths = pages.documents(area);
  return (
    <div className="page-actions">
      <a className="btn btn-secondary" href={paths.download(record.id)}>
        Download
      </a>
      {!closed.analyze && <AnalyzeAgain area={area} record={record} />}
      {!closed.remove && (
        <a className="btn btn-danger-outline" href={paths.remove(record.id)}>
          <Icon name="delete" />
          Delete
        </a>
      )}
    </div>
  );
}

function AnalyzeAgain({ area, record }: { area: DocumentArea; record: DocumentRecord }) {
  const { csrfToken } = useRenderContext();
  return (
    <form method="post" action={pages.documents(area).analyze(record.id)} className="inline-form">
      <input type="hidden" name="_csrf" value={csrfToken} />
      <button type="submit" className="btn btn-secondary">
        Analyze again
      </button>
    </form>
  );
}

function Facts({ facts }: { facts: Array<[string, ReactNode]> }) {
  return (
    <dl className="details">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function FileFacts({ area, record }: { area: DocumentArea; record: DocumentRecord }) {
  const cases = pages.cases(area);
  const facts: Array<[string, ReactNode]> = [
    [
      'Case',
      record.case ? (
        <a href={cases.view(record.case.id)}>{record.case.caseNumber}</a>
      ) : (
        <span className="muted">None</span>
      ),
    ],
    [
      'Client',
      record.client ? (
        <a href={cases.client(record.client.id)}>{record.client.name}</a>
      ) : (
        <span className="muted">None</span>
      ),
    ],
    ['Category', DOCUMENT_CATEGORIES[record.category]],
    ['Kind', FILE_KINDS[record.kind].label],
    ['Size', formatBytes(record.size)],
    ['Uploaded by', record.uploadedBy?.name ?? <span className="muted">The system</span>],
    ['Uploaded', <DateTimeText value={record.createdAt} />],
  ];
  return (
    <section className="card" aria-labelledby="document-file">
      <h2 id="document-file">File</h2>
      <Facts facts={facts} />
      <p className="document-hash">
        <span className="document-hash-term">SHA-256</span> <code>{record.sha256}</code>
      </p>
    </section>
  );
}

/** Where the analysis is: in progress (with a plain Refresh link), failed (why, and Analyze again), done. */
function AnalysisState({ area, record, closed }: Omit<DocumentPageProps, 'receiptOffer' | 'error'>) {
  const { status } = record;
  return (
    <section className="card document-state" aria-labelledby="document-state">
      <h2 id="document-state">
        {status === 'queued' || status === 'processing' ? 'Analysis in progress' : 'Analysis'}
      </h2>
      <p>
        {'Status: '}
        <DocumentStatusBadge status={status} />
      </p>
      {(status === 'queued' || status === 'processing') && (
        <>
          <p>
            {status === 'queued'
              ? 'The document waits its turn to be read and analyzed.'
              : 'The document is being read and analyzed now.'}{' '}
            This page does not change by itself: refresh it to see the analysis.
          </p>
          <p>
            <a className="btn btn-secondary" href={pages.documents(area).view(record.id)}>
              Refresh
            </a>
          </p>
        </>
      )}
      {status === 'failed' && (
        <>
          <Alert kind="error">{`The analysis failed: ${record.error ?? 'no reason was given.'}`}</Alert>
          {closed.analyze ? (
            <p className="muted">{closed.analyze}</p>
          ) : (
            <AnalyzeAgain area={area} record={record} />
          )}
        </>
      )}
      {status === 'done' && record.analyzedAt && (
        <p>
          {`${DOCUMENT_STATUS_LABELS.done} `}
          <DateTimeText value={record.analyzedAt} />
        </p>
      )}
    </section>
  );
}

/** What the document was recognised as, how sure, and the phrases that decided it. */
function TypeCard({ record, analysis }: { record: DocumentRecord; analysis: DocumentAnalysis }) {
  const type = record.type ?? analysis.type;
  const confidence = record.confidence ?? analysis.confidence;
  const evidence = record.evidence.length > 0 ? record.evidence : analysis.evidence;
  return (
    <section className="card document-type" aria-labelledby="document-type">
      <h2 id="document-type">What it is</h2>
      <p className="document-type-line">
        <strong>{DOCUMENT_TYPES[type]}</strong>
        <span className="muted">{` · confidence ${percent(confidence)}`}</span>
      </p>
      {evidence.length > 0 && (
        <>
          <h3>Why</h3>
          <ul className="document-evidence">
            {evidence.map((phrase) => (
              <li key={phrase}>{phrase}</li>
            ))}
          </ul>
        </>
      )}
      <p className="muted">
        {`Text read from ${TEXT_METHODS[analysis.textMethod]}`}
        {analysis.ocrConfidence !== undefined && ` (OCR confidence ${Math.round(analysis.ocrConfidence)}%)`}
        {`; ${analysis.pages.toLocaleString('en-US')} ${analysis.pages === 1 ? 'page' : 'pages'}.`}
      </p>
    </section>
  );
}

/** What the analysis read, what a lawyer should act on, and the language model's summary if there is one. */
function Analysis(props: {
  area: DocumentArea;
  record: DocumentRecord;
  analysis: DocumentAnalysis;
  receiptOffer?: ReceiptOffer;
}) {
  const { record, analysis } = props;
  return (
    <>
      <Fields fields={record.fields ?? analysis.fields} />
      {props.receiptOffer && <ReceiptForm area={props.area} offer={props.receiptOffer} />}
      <Findings findings={record.findings.length > 0 ? record.findings : analysis.findings} />
      {analysis.summary && (
        <section className="card document-summary" aria-labelledby="document-summary">
          <h2 id="document-summary">Summary</h2>
          <p className="muted">{`Written by the language model ${analysis.summary.model}. The facts above come from the analysis, not from it.`}</p>
          <p className="document-summary-text">{analysis.summary.text}</p>
        </section>
      )}
    </>
  );
}

/** What a machine-readable zone's check digits said. */
const zoneWords = (zone: DocumentFields['passportZone']) =>
  zone &&
  (zone.valid
    ? 'Read; every check digit agrees'
    : `Read; the check digits of ${zone.invalidFields.join(', ') || 'some fields'} do not agree`);

function Fields({ fields }: { fields: DocumentFields }) {
  const facts: Array<[string, ReactNode]> = [
    ['Names', fields.names.length ? fields.names.join(', ') : NOT_FOUND],
    ['Dates', fields.dates.length ? dates(fields.dates) : NOT_FOUND],
    ['Receipt Numbers', fields.receiptNumbers.length ? fields.receiptNumbers.join(', ') : NOT_FOUND],
    ['A-Numbers', fields.aNumbers.length ? fields.aNumbers.join(', ') : NOT_FOUND],
  ];
  const optional: Array<[string, ReactNode | undefined]> = [
    ['Passport Number', fields.passportNumber],
    ['Nationality', fields.nationality],
    ['Passport Expires', fields.expirationDate && formatDate(fields.expirationDate)],
    ['Machine-Readable Zone', zoneWords(fields.passportZone ?? fields.cardZone)],
    ['USCIS Number', fields.uscisNumber],
    [
      'Category',
      fields.residentCategory &&
        `${fields.residentCategory}${fields.conditional ? ' (conditional resident: two years)' : ''}`,
    ],
    ['Work Permit Category', fields.eadCategory],
    ['Date of Birth', fields.birthDate && formatDate(fields.birthDate)],
    ['Resident Since', fields.residentSince && formatDate(fields.residentSince)],
    ['Valid From', fields.validFrom && formatDate(fields.validFrom)],
    ['Card Expires', fields.cardExpires && formatDate(fields.cardExpires)],
    ['Notice Type', fields.noticeType && NOTICE_TYPES[fields.noticeType]],
    ['Notice Date', fields.noticeDate && formatDate(fields.noticeDate)],
    ['Response Due (as printed)', fields.responseDueDate && formatDate(fields.responseDueDate)],
    ['Response Period', fields.responsePeriodDays && `${fields.responsePeriodDays} days`],
    [
      'Requested',
      fields.requestedItems?.length ? (
        <ol className="requested-items">
          {fields.requestedItems.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ol>
      ) : undefined,
    ],
    ['I-94 Record Number', fields.i94Number],
    ['Class of Admission', fields.classOfAdmission],
    [
      'Admit Until',
      fields.admitUntil &&
        (fields.admitUntil === 'D/S' ? 'D/S (duration of status)' : formatDate(fields.admitUntil)),
    ],
    ['Form', fields.formNumber],
    ['Tax Year', fields.taxYear?.toString()],
    ['Total Income', fields.totalIncome === undefined ? undefined : dollars(fields.totalIncome)],
    ['Adjusted Gross Income', fields.agi === undefined ? undefined : dollars(fields.agi)],
    ['Language', fields.language && languageOf(fields.language)],
  ];
  for (const [term, value] of optional) if (value !== undefined && value !== '') facts.push([term, value]);
  return (
    <section className="card" aria-labelledby="document-fields">
      <h2 id="document-fields">What it says</h2>
      <Facts facts={facts} />
    </section>
  );
}

function Findings({ findings }: { findings: DocumentFinding[] }) {
  return (
    <section className="card document-findings" aria-labelledby="document-findings">
      <h2 id="document-findings">Findings</h2>
      {findings.length === 0 ? (
        <p>Nothing to act on: no rule found a problem with this document.</p>
      ) : (
        <ul className="findings">
          {findings.map((f) => (
            <li key={`${f.ruleId}-${f.title}`} className={`finding finding-${f.severity}`}>
              <p className="finding-head">
                <Badge
                  status={f.severity}
                  label={SEVERITIES[f.severity].words}
                  tone={SEVERITIES[f.severity].tone}
                />
                <strong>{f.title}</strong>
              </p>
              <p>{f.message}</p>
              <p className="finding-source muted">
                {'Rule '}
                <code>{f.ruleId}</code>
                {' · '}
                <a href={f.sourceUrl} rel="noopener noreferrer">
                  {f.citation}
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A found receipt number, offered to the case through the case's own edit form (only that field). */
function ReceiptForm({ area, offer }: { area: DocumentArea; offer: ReceiptOffer }) {
  const { csrfToken } = useRenderContext();
  return (
    <form method="post" action={pages.cases(area).edit(offer.caseId)} className="card receipt-offer">
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="receiptNumber" value={offer.receiptNumber} />
      <p>{`Case ${offer.caseNumber} has no receipt number yet; this document has one.`}</p>
      <button type="submit" className="btn btn-primary">
        {`Add receipt number ${offer.receiptNumber} to case ${offer.caseNumber}`}
      </button>
    </form>
  );
}

/** The receipt number the analysis found, to offer to the document's case, when there is one. */
const foundReceiptOf = (record: DocumentRecord) =>
  record.status === 'done' && record.case ? record.fields?.receiptNumbers[0] : undefined;

/** A document's page, and its Analyze again (a refusal is said on the page). */
export const documentPage = page({
  path: inBothAreas((p) => p.view(':id')),
  // /documents/upload and /documents/evidence are other pages'.
  passOn: true,
  reads: [getDocument, receiptOffer],
  offers: { analyze: analyzeDocument, remove: deleteDocument },
  async load({ read }) {
    const record = await read(getDocument);
    const receiptNumber = foundReceiptOf(record);
    const offer =
      receiptNumber && record.case
        ? await read(receiptOffer, { input: { caseId: record.case.id, receiptNumber } })
        : undefined;
    return { record, offer };
  },
  render: ({ record, offer }, { actor, closed, form }) => {
    const of = record.case ? ` of case ${record.case.caseNumber}` : '';
    return {
      view: (
        <DocumentPage
          area={areaOf(actor)}
          record={record}
          closed={{ analyze: closed.analyze, remove: closed.remove }}
          receiptOffer={offer}
          error={form?.refusal?.message}
        />
      ),
      meta: meta(record.name, `The document ${record.name}${of}.`),
    };
  },
  forms: [
    {
      // Analyze again: the document is the one its address names (the API's takes it in the body).
      action: analyzeDocument,
      path: inBothAreas((p) => p.analyze(':id')),
      input: (_fields, { params }) => ({ documentId: params.id }),
      done: ({ actor, params }, output: { document?: DocumentRecord }) => ({
        to: pages.documents(areaOf(actor)).view(output.document?.id ?? params.id),
        flash: 'The document is queued to be analyzed again.',
      }),
      refused: (_ctx, refusal) => {
        if (refusal.status === 404) throw new HttpError(404, DOCUMENT_NOT_FOUND);
        return undefined;
      },
    },
  ],
});

/** A document's file, downloaded: an attachment under its own name. */
export const downloadPage = page({
  path: inBothAreas((p) => p.download(':id')),
  reads: [downloadDocument],
  load: ({ read }) => read(downloadDocument),
  render: () => {
    throw new Error('A download is a file: the kit sends it.');
  },
});
