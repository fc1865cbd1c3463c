import type { Request, Response } from 'express';
import type { DocumentArea, DocumentListView } from '../../islands/ui/documents';
import { DocumentDeletePage } from '../../views/documents/DocumentDeletePage';
import { DocumentPage, type ReceiptOffer } from '../../views/documents/DocumentPage';
import { EvidencePage, type EvidencePageProps } from '../../views/documents/EvidencePage';
import { DocumentsPage, type DocumentsPageProps } from '../../views/user/DocumentsPage';
import type { ActionContext, Refusal } from '../access/action';
import { caseListQuery } from '../cases/schema';
import type { CasesService } from '../cases/service';
import { HttpError } from '../http/errors';
import { caseQueryOf } from '../shared/case-pick';
import type { Renderer } from '../http/render';
import { DOCUMENT_LIST_PAGE_SIZE, type DocumentRecord } from '../shared/documents';
import type { SessionUser } from '../shared/session';
import { documentListQuery, uploadFields } from './schema';
import { DOCUMENT_NOT_FOUND, type DocumentsService } from './service';

/** Why the person may not use each kind of control at all, as the permission matrix says now. */
export type ClosedDocumentControls = {
  upload?: string;
  analyze?: string;
  remove?: string;
  evidence?: string;
};

export type DocumentsDeps = {
  documents: DocumentsService;
  /** A document's case, read for what the page offers it (a receipt number it lacks). */
  cases: CasesService;
  render: Renderer;
  closedFor: (user: SessionUser | undefined) => ClosedDocumentControls;
  /** Counts a use of the AI Tools' Document Analysis (an analysis asked for), for the case it was for. */
  countAiUse: (actor: SessionUser, tool: 'document-analysis', caseId: string | null) => Promise<void>;
};
type Ctx = ActionContext<DocumentsDeps>;
/** What a page is rendered with: the services, the request and its answer. */
type Page = { deps: DocumentsDeps; req: Request; res: Response };

/** The pages are the same in both areas, each under its own prefix: the signed-in person's. */
export const areaOf = (user: SessionUser | undefined): DocumentArea =>
  user?.role === 'admin' ? 'admin' : 'user';

const actorOf = (req: Request) => req.session.user!;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const meta = (title: string, description: string) => ({ title, description, noindex: true });

/** The list's view from its address; a bad query is the plain list (the API answers it with its message). */
export function viewOf(query: unknown): DocumentListView {
  const parsed = documentListQuery.omit({ pageSize: true, clientId: true }).safeParse(query);
  return parsed.success ? parsed.data : { q: '', page: 1 };
}

// The list

type ListState = Pick<DocumentsPageProps, 'list' | 'view' | 'uploadError' | 'uploadValues'>;

/** /{area}/documents: the upload area, the cards and the list. */
export async function showList({ deps, req, res }: Page, state: ListState, status = 200) {
  const actor = actorOf(req);
  const query = caseQueryOf(req.query);
  const [counts, uploadPick, filterPick] = await Promise.all([
    deps.documents.counts(actor),
    deps.documents.pickCase(actor, query, state.uploadValues?.caseId ?? state.view.caseId),
    deps.documents.pickCase(actor, query, state.view.caseId),
  ]);
  const page = (
    <DocumentsPage
      area={areaOf(actor)}
      {...state}
      counts={counts}
      uploadPick={uploadPick}
      filterPick={filterPick}
      uploadClosed={deps.closedFor(actor).upload}
    />
  );
  deps.render(req, res, page, {
    meta: meta('Documents', 'Upload the firm’s documents and read what their analysis found.'),
    status,
  });
}

// A document

/**
 * A receipt number the analysis found, offered to the document's case when the case has none and no other
 * case of the firm holds it (the case's form would refuse it).
 */
async function receiptOfferFor(
  deps: DocumentsDeps,
  actor: SessionUser,
  record: DocumentRecord,
): Promise<ReceiptOffer | undefined> {
  const receiptNumber = record.status === 'done' ? record.fields?.receiptNumbers[0] : undefined;
  if (!receiptNumber || !record.case) return undefined;
  const kase = await deps.cases.ofFirm(actor.firmId!, record.case.id);
  if (!kase || kase.receiptNumber) return undefined;
  const holders = await deps.cases.list(actor, caseListQuery.parse({ q: receiptNumber, pageSize: 5 }));
  if (holders.items.some((c) => c.receiptNumber === receiptNumber)) return undefined;
  return { receiptNumber, caseId: kase.id, caseNumber: kase.caseNumber };
}

/** A document's page, with why an Analyze again posted from it was refused. */
export async function showDocument(
  { deps, req, res }: Page,
  record: DocumentRecord,
  error?: string,
  status = 200,
) {
  const actor = actorOf(req);
  const closed = deps.closedFor(actor);
  const page = (
    <DocumentPage
      area={areaOf(actor)}
      record={record}
      closed={{ analyze: closed.analyze, remove: closed.remove }}
      receiptOffer={await receiptOfferFor(deps, actor, record)}
      error={error}
    />
  );
  const of = record.case ? ` of case ${record.case.caseNumber}` : '';
  deps.render(req, res, page, { meta: meta(record.name, `The document ${record.name}${of}.`), status });
}

export function showDelete({ deps, req, res }: Page, record: DocumentRecord, refusal?: Refusal) {
  const actor = actorOf(req);
  const disabled = refusal ? undefined : deps.closedFor(actor).remove;
  const page = (
    <DocumentDeletePage area={areaOf(actor)} record={record} refusal={refusal?.message} disabled={disabled} />
  );
  deps.render(req, res, page, {
    meta: meta('Delete Document', `Delete the document ${record.name}.`),
    status: refusal?.status ?? 200,
  });
}

// Evidence Package

type EvidenceState = Pick<EvidencePageProps, 'checked' | 'error'> & { caseId?: string };

/** The Evidence Package page: the case chosen (if any) with its documents, and why a build was refused. */
export async function showEvidence({ deps, req, res }: Page, state: EvidenceState, status = 200) {
  const actor = actorOf(req);
  const pick = await deps.documents.pickCase(actor, caseQueryOf(req.query), state.caseId);
  const kase = pick.chosen;
  if (state.caseId && !kase) throw new HttpError(404, 'Case not found.');
  const chosen = kase && { case: kase, documents: await deps.documents.ofCase(actor, kase.id) };
  const page = (
    <EvidencePage
      area={areaOf(actor)}
      pick={pick}
      chosen={chosen}
      checked={state.checked}
      error={state.error}
      closed={deps.closedFor(actor).evidence}
    />
  );
  deps.render(req, res, page, {
    meta: meta('Evidence Package', 'One PDF of a case’s documents, with an exhibit index and tabs.'),
    status,
  });
}

// Refused forms: the page the form was on, saying why

/** A refusal of something that does not exist (here): the not-found page, as for a read. */
const notFound = (refusal: Refusal) => refusal.status === 404;

/** A refused upload (too large, not an accepted type, empty, no case): the list again, saying why. */
export async function renderUploadRefusal(ctx: Ctx, refusal: Refusal, body: Record<string, unknown>) {
  // The case and category as posted, when they are ones the form offers; the list as it starts.
  const posted = uploadFields.safeParse(body);
  const uploadValues = posted.success ? posted.data : undefined;
  const view = viewOf({});
  const list = await ctx.deps.documents.list(ctx.actor!, {
    ...documentListQuery.parse({}),
    pageSize: DOCUMENT_LIST_PAGE_SIZE,
  });
  const fields = Object.values(refusal.fields ?? {}).filter((m) => m && m !== refusal.message);
  const uploadError = [refusal.message, ...fields].join(' ');
  await showList(ctx, { list, view, uploadError, uploadValues }, refusal.status);
}

export async function renderAnalyzeRefusal(ctx: Ctx, refusal: Refusal) {
  // The form's address names the document (the API's takes it in the body): no ID there, no document.
  const id = String(ctx.req.params.id);
  if (notFound(refusal) || !UUID.test(id)) throw new HttpError(404, DOCUMENT_NOT_FOUND);
  const record = await ctx.deps.documents.get(ctx.actor!, id);
  await showDocument(ctx, record, refusal.message, refusal.status);
}

export async function renderDeleteRefusal(ctx: Ctx, refusal: Refusal) {
  if (notFound(refusal)) throw refusal.error;
  showDelete(ctx, await ctx.deps.documents.get(ctx.actor!, ctx.params.id), refusal);
}
