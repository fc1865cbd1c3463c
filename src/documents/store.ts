import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { DB, DocumentsTable } from '../db/schema';
import type {
  DocumentAnalysis,
  DocumentCategory,
  DocumentCounts,
  DocumentStatus,
  DocumentType,
} from '../shared/documents';
import { DOCUMENT_CATEGORY_CODES } from '../shared/documents';

/** A document's row without its text (which can be long; only the search reads it). */
export type DocumentRow = Omit<Selectable<DocumentsTable>, 'text_content' | 'search_text'>;
export type NewDocumentRow = Omit<Insertable<DocumentsTable>, 'search_text' | 'analysis'>;

/** The list's filters as the store applies them. */
export type DocumentWhere = {
  firmId: string;
  q?: string;
  caseId?: string;
  clientId?: string;
  type?: DocumentType;
  status?: DocumentStatus;
  category?: DocumentCategory;
};

/** Text inside a LIKE pattern, lower case, its own %, _ and backslash taken literally. */
const literal = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** Phrases by which a translator certifies a translation (8 CFR 103.2(b)(3)). */
const TRANSLATION_PHRASES = [
  '%competent to translate%',
  '%certified translation%',
  '%certificate of translation%',
];

const COLUMNS = [
  'id',
  'firm_id',
  'case_id',
  'client_id',
  'category',
  'category_chosen',
  'name',
  'kind',
  'size',
  'sha256',
  'storage_key',
  'status',
  'doc_type',
  'confidence',
  'analysis',
  'error',
  'uploaded_by',
  'created_at',
  'updated_at',
  'analyzed_at',
] as const satisfies ReadonlyArray<keyof DocumentRow>;

/** Documents: the only place that queries the documents table. */
export function createDocumentsStore(db: Kysely<DB>) {
  function matching(where: DocumentWhere) {
    let found = db.selectFrom('documents').where('firm_id', '=', where.firmId);
    if (where.q) found = found.where('search_text', 'like', `%${literal(where.q)}%`);
    if (where.caseId) found = found.where('case_id', '=', where.caseId);
    if (where.clientId) found = found.where('client_id', '=', where.clientId);
    if (where.type) found = found.where('doc_type', '=', where.type);
    if (where.status) found = found.where('status', '=', where.status);
    if (where.category) found = found.where('category', '=', where.category);
    return found;
  }

  const rows = (where: DocumentWhere) =>
    matching(where).select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc');

  return {
    insert: (row: NewDocumentRow): Promise<DocumentRow> =>
      db.insertInto('documents').values(row).returning(COLUMNS).executeTakeFirstOrThrow(),

    find: (firmId: string, id: string): Promise<DocumentRow | undefined> =>
      db
        .selectFrom('documents')
        .select(COLUMNS)
        .where('firm_id', '=', firmId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** For the background analysis, which knows the document only by its ID. */
    findById: (id: string): Promise<DocumentRow | undefined> =>
      db.selectFrom('documents').select(COLUMNS).where('id', '=', id).executeTakeFirst(),

    page: (where: DocumentWhere, offset: number, limit: number): Promise<DocumentRow[]> =>
      rows(where).offset(offset).limit(limit).execute(),

    /** A case's documents in the order they came in (the evidence package's default exhibit order). */
    ofCase: (firmId: string, caseId: string): Promise<DocumentRow[]> =>
      matching({ firmId, caseId }).select(COLUMNS).orderBy('created_at').orderBy('id').execute(),

    /** The analyzed documents of some cases of a firm, in the order they came in. */
    analyzedOfCases: (firmId: string, caseIds: string[]): Promise<DocumentRow[]> =>
      caseIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('documents')
            .select(COLUMNS)
            .where('firm_id', '=', firmId)
            // One array parameter, however many open cases (PGlite reads at most 32,767 parameters).
            .where('case_id', '=', sql<string>`ANY(${caseIds}::uuid[])`)
            .where('status', '=', 'done')
            .orderBy('created_at')
            .orderBy('id')
            .execute(),

    async count(where: DocumentWhere): Promise<number> {
      const row = await matching(where)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async counts(firmId: string): Promise<DocumentCounts> {
      const found = await db
        .selectFrom('documents')
        .select(['category', (eb) => eb.fn.countAll<number>().as('n')])
        .where('firm_id', '=', firmId)
        .groupBy('category')
        .execute();
      const counts = Object.fromEntries(DOCUMENT_CATEGORY_CODES.map((c) => [c, 0])) as DocumentCounts;
      counts.all = 0;
      for (const { category, n } of found) {
        counts[category] = Number(n);
        counts.all += Number(n);
      }
      return counts;
    },

    /** The text the analysis read, kept for the search box. */
    async textOf(id: string): Promise<string | null> {
      const row = await db
        .selectFrom('documents')
        .select('text_content')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.text_content ?? null;
    },

    /** The first other document of the case with the same bytes. */
    sameBytesIn: (caseId: string, sha256: string, exceptId: string) =>
      db
        .selectFrom('documents')
        .select(['id', 'name'])
        .where('case_id', '=', caseId)
        .where('sha256', '=', sha256)
        .where('id', '<>', exceptId)
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst(),

    /** Whether another document of the case is a certified translation. */
    async hasTranslation(caseId: string, exceptId: string): Promise<boolean> {
      const row = await db
        .selectFrom('documents')
        .select('id')
        .where('case_id', '=', caseId)
        .where('id', '<>', exceptId)
        .where((eb) => eb.or(TRANSLATION_PHRASES.map((p) => eb('search_text', 'like', p))))
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Taken up by the analysis: 'processing'. Answers false when the document is gone. */
    async markProcessing(id: string): Promise<boolean> {
      const result = await db
        .updateTable('documents')
        .set({ status: 'processing', error: null, updated_at: new Date() })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Waiting for the analysis (again): a new request, or a retry after `error`. */
    async markQueued(id: string, error: string | null = null): Promise<void> {
      await db
        .updateTable('documents')
        .set({ status: 'queued', error, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async markFailed(id: string, error: string): Promise<void> {
      await db
        .updateTable('documents')
        .set({ status: 'failed', error: error.slice(0, 1000), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** The finished analysis; the category follows the type unless the person chose one. */
    async saveAnalysis(id: string, analysis: DocumentAnalysis, text: string, category: DocumentCategory) {
      await db
        .updateTable('documents')
        .set((eb) => ({
          status: 'done',
          error: null,
          doc_type: analysis.type,
          confidence: analysis.confidence,
          analysis: JSON.stringify(analysis),
          text_content: text,
          category: eb
            .case()
            .when('category_chosen', '=', true)
            .then(eb.ref('category'))
            .else(category)
            .end(),
          analyzed_at: new Date(),
          updated_at: new Date(),
        }))
        .where('id', '=', id)
        .execute();
    },

    remove: (firmId: string, id: string): Promise<DocumentRow | undefined> =>
      db
        .deleteFrom('documents')
        .where('firm_id', '=', firmId)
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirst(),

    /** Documents uploaded in [from, to), by who uploaded them. */
    async uploadsByUser(firmId: string, from: Date, to: Date) {
      const rows = await db
        .selectFrom('documents')
        .select(['uploaded_by', sql<string>`count(*)`.as('n')])
        .where('firm_id', '=', firmId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .where('uploaded_by', 'is not', null)
        .groupBy('uploaded_by')
        .execute();
      return new Map(rows.map((r) => [r.uploaded_by!, Number(r.n)]));
    },

    async countOfFirm(firmId: string): Promise<number> {
      const row = await db
        .selectFrom('documents')
        .select(sql<number>`count(*)`.as('n'))
        .where('firm_id', '=', firmId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type DocumentsStore = ReturnType<typeof createDocumentsStore>;
