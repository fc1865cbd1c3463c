import { z } from 'zod';
import {
  DOCUMENT_CATEGORY_CODES,
  DOCUMENT_LIST_PAGE_SIZE,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPE_CODES,
} from '../shared/documents';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_PAGE_SIZE = 100;
/** Pasted text for POST {API}/ai/analyze: about 100 pages. */
export const PASTED_TEXT_MAX = 200_000;

/** An empty filter (a form's "All" option) is no filter. */
const filter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? undefined : v), schema.optional());

const idField = (label: string) =>
  z
    .string({ error: `${label} must be an ID` })
    .trim()
    .regex(UUID, `${label} must be an ID`)
    .transform((v) => v.toLowerCase());

export const categoryField = z.enum(DOCUMENT_CATEGORY_CODES, {
  error: `Category must be one of ${DOCUMENT_CATEGORY_CODES.join(', ')}`,
});

/** The text fields sent beside the file (multipart), from the island or the plain form alike. */
export const uploadFields = z.object({
  caseId: filter(idField('Case')),
  category: filter(categoryField),
});
export type UploadFields = z.output<typeof uploadFields>;

/** GET {API}/documents: the search over names and text, the filters and one page (newest first). */
export const documentListQuery = z.object({
  q: z.string({ error: 'q must be text' }).trim().max(200, 'q must be at most 200 characters').default(''),
  caseId: filter(idField('caseId')),
  clientId: filter(idField('clientId')),
  type: filter(
    z.enum(DOCUMENT_TYPE_CODES, { error: `type must be one of ${DOCUMENT_TYPE_CODES.join(', ')}` }),
  ),
  status: filter(
    z.enum(DOCUMENT_STATUSES, { error: `status must be one of ${DOCUMENT_STATUSES.join(', ')}` }),
  ),
  category: filter(categoryField),
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number({ error: `pageSize must be 1 to ${MAX_PAGE_SIZE}` })
    .int()
    .min(1, `pageSize must be 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `pageSize must be 1 to ${MAX_PAGE_SIZE}`)
    .default(DOCUMENT_LIST_PAGE_SIZE),
});
export type DocumentListQuery = z.output<typeof documentListQuery>;

/** POST {API}/ai/analyze: a stored document analysed again, or pasted text analysed now. */
export const analyzeInput = z
  .object({
    documentId: filter(idField('documentId')),
    text: filter(
      z
        .string({ error: 'text must be text' })
        .trim()
        .min(1, 'text must not be empty')
        .max(PASTED_TEXT_MAX, `text must be at most ${PASTED_TEXT_MAX.toLocaleString('en-US')} characters`),
    ),
  })
  .refine((v) => Boolean(v.documentId) !== Boolean(v.text), {
    message: 'Send either documentId (a stored document) or text (pasted text), not both',
    path: ['documentId'],
  });
export type AnalyzeInput = z.output<typeof analyzeInput>;

/** POST {API}/documents/evidence-package: the case and its chosen documents, in exhibit order. */
export const evidenceInput = z.object({
  caseId: idField('Case'),
  documentIds: z.preprocess(
    (v) => (typeof v === 'string' ? [v] : v),
    z
      .array(idField('Document'), { error: 'Choose the documents to include' })
      .min(1, 'Choose at least one document')
      .max(200, 'Choose at most 200 documents'),
  ),
});
export type EvidenceInput = z.output<typeof evidenceInput>;
