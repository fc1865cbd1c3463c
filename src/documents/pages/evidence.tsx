import type { Request } from 'express';
import CasePickerIsland from '../../../islands/CasePicker';
import { Island } from '../../../views/components/Island';
import { type CaseChoice, caseChoiceLabel, type CasePick } from '../../../islands/ui/case-picker';
import { type DocumentArea, documentListPath } from '../../../islands/ui/documents';
import { Alert } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { DOCUMENT_TYPES, type DocumentRecord, FILE_KINDS, formatBytes } from '../../shared/documents';
import { pages } from '../../shared/paths';
import { useRenderContext } from '../../../views/context';
import { page } from '../../access/page';
import { HttpError } from '../../http/errors';
import { FileAnswer } from '../../http/file-answer';
import { caseQueryOf } from '../../shared/case-pick';
import { buildEvidencePackage } from '../actions';
import { caseDocuments, pickCases } from '../reads';
import { areaOf, inBothAreas, meta } from './area';

type EvidencePageProps = {
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
function EvidencePage({ area, pick, chosen, checked, error, closed }: EvidencePageProps) {
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ticked documents of a posted evidence form: one field, several, or none. */
const checkedOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

/** The case a posted evidence form names, when it is an ID. */
const postedCaseOf = (req: Request) => {
  const caseId = (req.body as Record<string, unknown> | undefined)?.caseId;
  return typeof caseId === 'string' && UUID.test(caseId) ? caseId.toLowerCase() : undefined;
};

/** The case ?case= names: none, or an ID (any other word names no case: 404). */
function queriedCaseOf(req: Request): string | undefined {
  const caseId = typeof req.query.case === 'string' ? req.query.case.toLowerCase() : '';
  if (caseId && !UUID.test(caseId)) throw new HttpError(404, 'Case not found.');
  return caseId || undefined;
}

type EvidenceData = Omit<EvidencePageProps, 'area' | 'closed'>;

/**
 * /{area}/documents/evidence: the case chosen (if any) with its documents; posted, the package is the
 * answer (a PDF), or the page again saying why it was not built, with the case and the ticks as they were.
 * The case picker and the case's documents are declared reads: where the matrix refuses either, the page
 * is refused (403) and shows no case.
 */
export const evidencePage = page({
  path: inBothAreas((p) => p.evidence),
  reads: [pickCases, caseDocuments],
  offers: { build: buildEvidencePackage },
  async load({ read, req, form }): Promise<EvidenceData | FileAnswer> {
    if (form?.outcome instanceof FileAnswer) return form.outcome;
    const caseId = form ? postedCaseOf(req) : queriedCaseOf(req);
    const pick = await read(pickCases, {
      input: { q: caseQueryOf(req.query as Record<string, unknown>), chosen: caseId },
    });
    const kase = pick.chosen;
    if (caseId && !kase) throw new HttpError(404, 'Case not found.');
    const chosen = kase && {
      case: kase,
      documents: await read(caseDocuments, { input: { caseId: kase.id } }),
    };
    const body = req.body as Record<string, unknown> | undefined;
    return { pick, chosen, checked: form && checkedOf(body?.documentIds), error: form?.refusal?.message };
  },
  render: (data, { actor, closed }) => ({
    view: <EvidencePage area={areaOf(actor)} {...(data as EvidenceData)} closed={closed.build} />,
    meta: meta('Evidence Package', 'One PDF of a case’s documents, with an exhibit index and tabs.'),
  }),
  forms: [
    {
      action: buildEvidencePackage,
      // The ticked documents are a repeated field: the body as posted, not its text fields.
      input: (_fields, { req }) => req.body,
      done: (_ctx, file: FileAnswer) => ({ show: file }),
      // A refusal is said on the page, with the case and the ticks as they were; without a case, 404.
      refused: ({ req }, refusal) => {
        if (refusal.status === 404 && !postedCaseOf(req)) throw refusal.error;
        return undefined;
      },
    },
  ],
});
