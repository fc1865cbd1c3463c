import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import type { CasesService } from '../cases/service';
import { DOCUMENTS_ACTIONS, type DocumentsDeps } from './actions';
import { DOCUMENT_PAGES } from './pages';
import { DOCUMENT_PAGE_READS } from './reads';
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
  /** Counts a use of the AI Tools' Document Analysis (the AI feature's record). */
  countAiUse: DocumentsDeps['countAiUse'];
}): Feature {
  const { kit, documents, cases, countAiUse } = deps;
  const services: DocumentsDeps = { documents, cases, countAiUse };
  // The pages' own reads run with the same services; they have no API route.
  kit.bind(DOCUMENT_PAGE_READS, services);
  return { api: kit.api(Object.values(DOCUMENTS_ACTIONS), services), pages: kit.pages(DOCUMENT_PAGES) };
}
