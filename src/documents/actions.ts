import { declareFor } from '../access/action';
import type { CasesService } from '../cases/service';
import { FileAnswer } from '../http/file-answer';
import {
  DOCUMENT_MAX_BYTES,
  type DocumentAnalysis,
  type DocumentRecord,
  FILE_KINDS,
  UPLOAD_REFUSALS,
} from '../shared/documents';
import { api } from '../shared/paths';
import type { SessionUser } from '../shared/session';
import { analyzeInput, documentListQuery, evidenceInput, uploadFields } from './schema';
import { DOCUMENT_NOT_FOUND, type DocumentsService } from './service';

/** What the documents' actions run with. */
export type DocumentsDeps = {
  documents: DocumentsService;
  /** A document's case, read for what the page offers it (a receipt number it lacks). */
  cases: CasesService;
  /** Counts a use of the AI Tools' Document Analysis (an analysis asked for), for the case it was for. */
  countAiUse: (actor: SessionUser, tool: 'document-analysis', caseId: string | null) => Promise<void>;
};

const action = declareFor<DocumentsDeps>();
const DOCUMENTS = 'Document Management';
const AI = 'AI Tools';

export const uploadDocument = action({
  name: 'Upload Document',
  category: DOCUMENTS,
  description:
    'Upload a PDF, DOC, DOCX, JPG or PNG file of at most 50MB (multipart/form-data: caseId and category, then file). Its type is decided by its content; it is stored and its analysis is queued. Answers 201 with the document, status queued.',
  method: 'POST',
  route: api.documentsUpload,
  grants: { user: 'w', admin: 'w' },
  input: uploadFields,
  // Beside the firm's documents, so that keeping the file is a rename.
  upload: {
    field: 'file',
    maxBytes: DOCUMENT_MAX_BYTES,
    tooLarge: UPLOAD_REFUSALS.tooLarge,
    dir: (deps) => deps.documents.incomingDir,
  },
  run: ({ deps, actor, file }, input) => deps.documents.upload(actor, file, input),
  status: 201,
});

export const listDocuments = action({
  name: 'Get Documents',
  category: DOCUMENTS,
  description:
    "List the firm's documents, newest first: search their names and text (q); filter by caseId, clientId, type, status and category; one page.",
  method: 'GET',
  route: api.documents,
  grants: { user: 'r', admin: 'r' },
  input: documentListQuery,
  run: ({ deps, actor }, input) => deps.documents.list(actor, input),
});

export const getDocument = action({
  name: 'Get Document',
  category: DOCUMENTS,
  description:
    "Read one of the firm's documents: its file's facts and its analysis (status queued, processing, done or failed; type, confidence, fields, findings with their rule and citation).",
  method: 'GET',
  route: api.document('{id}'),
  notFound: DOCUMENT_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.documents.get(actor, params.id),
});

export const downloadDocument = action({
  name: 'Download Document',
  category: DOCUMENTS,
  description: "Download a document's file, as it was uploaded (an attachment, never shown in the browser).",
  method: 'GET',
  route: api.documentContent('{id}'),
  notFound: DOCUMENT_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: async ({ deps, actor, params }) => {
    const { record, open } = await deps.documents.content(actor, params.id);
    const body = {
      stream: open,
      size: record.size,
      missing: "This document's file is missing from storage. Upload it again.",
    };
    return new FileAnswer(record.name, FILE_KINDS[record.kind].mime, body, 'attachment', 'when-needed');
  },
});

export const deleteDocument = action({
  name: 'Delete Document',
  category: DOCUMENTS,
  description: 'Delete a document: its record, its analysis and its file.',
  method: 'DELETE',
  route: api.document('{id}'),
  notFound: DOCUMENT_NOT_FOUND,
  grants: { user: 'd', admin: 'd' },
  run: ({ deps, actor, params }) => deps.documents.remove(actor, params.id),
  answer: () => undefined,
});

export const buildEvidencePackage = action({
  name: 'Build Evidence Package',
  category: DOCUMENTS,
  description:
    "Build one PDF of a case's chosen documents (caseId, documentIds in exhibit order): an index of exhibits, then each behind its exhibit tab page.",
  method: 'POST',
  route: api.evidencePackage,
  heavy: true,
  grants: { user: 'w', admin: 'w' },
  input: evidenceInput,
  run: async ({ deps, actor }, input) => {
    const { filename, bytes } = await deps.documents.evidencePackage(actor, input);
    return new FileAnswer(filename, 'application/pdf', { bytes }, 'attachment', 'when-needed');
  },
});

export const analyzeDocument = action({
  name: 'Analyze Document',
  category: AI,
  description:
    'Analyze a stored document again (documentId: answers 202, its analysis queued) or pasted text (text: answers 200 with the analysis: type, confidence, evidence, fields, findings).',
  method: 'POST',
  route: api.aiAnalyze,
  grants: { user: 'w', admin: 'w' },
  input: analyzeInput,
  run: async (
    { deps, actor },
    input,
  ): Promise<{ document: DocumentRecord } | { analysis: DocumentAnalysis }> => {
    if (input.documentId) {
      const document = await deps.documents.analyzeAgain(actor, input.documentId);
      await deps.countAiUse(actor, 'document-analysis', document.case?.id ?? null);
      return { document };
    }
    const analysis = await deps.documents.analyzePasted(actor, input.text!);
    await deps.countAiUse(actor, 'document-analysis', null);
    return { analysis };
  },
  status: (output) => ('document' in output ? 202 : 200),
});

export const DOCUMENTS_ACTIONS = {
  uploadDocument,
  listDocuments,
  getDocument,
  downloadDocument,
  deleteDocument,
  buildEvidencePackage,
  analyzeDocument,
};
