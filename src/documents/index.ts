import { Router } from 'express';
import { expressPath } from '../access/action';
import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import type { CasesService } from '../cases/service';
import type { SessionUser } from '../shared/session';
import { DOCUMENTS_ACTIONS } from './actions';
import type { ClosedDocumentControls, DocumentsDeps } from './forms';
import { documentPages } from './pages';
import { sendDocument, sendPdf } from './send';
import type { DocumentsService } from './service';

export { DOCUMENTS_ACTIONS };

/**
 * Documents: the pages of both areas and their forms, {API}/documents (upload, list, read, download, delete,
 * evidence package) and /ai/analyze.
 */
export function documentsFeature(deps: {
  kit: ActionKit;
  documents: DocumentsService;
  cases: CasesService;
  render: Renderer;
  /** Counts a use of the AI Tools' Document Analysis (the AI feature's record). */
  countAiUse: DocumentsDeps['countAiUse'];
}): Feature {
  const { kit, documents, cases, render, countAiUse } = deps;
  // Asked per request, once the actions are bound: what the matrix lets this person do now.
  const closedFor = (user: SessionUser | undefined): ClosedDocumentControls => ({
    upload: mounted.bound.uploadDocument.refusalFor(user)?.message,
    analyze: mounted.bound.analyzeDocument.refusalFor(user)?.message,
    remove: mounted.bound.deleteDocument.refusalFor(user)?.message,
    evidence: mounted.bound.buildEvidencePackage.refusalFor(user)?.message,
  });
  const services = { documents, cases, render, closedFor, countAiUse };
  const mounted = mountActions(kit, DOCUMENTS_ACTIONS, services);
  const { downloadDocument, buildEvidencePackage } = mounted.bound;

  const api = Router();
  // The file and the package are bytes, not JSON: their routes send them after the same declared check.
  api.get(expressPath(DOCUMENTS_ACTIONS.downloadDocument.route), async (req, res) => {
    const { record, stream } = await downloadDocument.call(req, res, { params: req.params });
    await sendDocument(res, record, stream);
  });
  api.post(expressPath(DOCUMENTS_ACTIONS.buildEvidencePackage.route), async (req, res) => {
    const { filename, bytes } = await buildEvidencePackage.call(req, res, { input: req.body });
    sendPdf(res, filename, bytes);
  });
  const bytes = new Set([DOCUMENTS_ACTIONS.downloadDocument, DOCUMENTS_ACTIONS.buildEvidencePackage]);
  const json = Object.values(DOCUMENTS_ACTIONS).filter((a) => !bytes.has(a as never));
  api.use(kit.api(json, services));
  return {
    api,
    pages: Router().use(mounted.forms, documentPages({ ...services, actions: mounted.bound })),
  };
}
