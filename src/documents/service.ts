import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import type { CasesService } from '../cases/service';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { ReceivedFile } from '../http/multipart';
import { createJobQueue } from '../jobs';
import { personName } from '../shared/cases';
import { formatDate, todayIn } from '../shared/dates';
import {
  type DocumentAnalysis,
  type DocumentCategory,
  type DocumentCounts,
  type DocumentPage,
  type DocumentRecord,
  DOCUMENT_TYPES,
  UPLOAD_REFUSALS,
} from '../shared/documents';
import { ServiceError } from '../shared/errors';
import type { SessionUser } from '../shared/session';
import { analyzeText } from './analysis/analyze';
import { displayName, kindOf } from './file-kind';
import { type Sandbox, SandboxClosedError, WorkerStoppedError } from './sandbox';
import type { ExhibitFile } from './sandbox/protocol';
import type { DocumentListQuery, EvidenceInput, UploadFields } from './schema';
import type { DocumentStorage } from './storage';
import { createDocumentsStore, type DocumentRow, type NewDocumentRow } from './store';

export const DOCUMENT_NOT_FOUND = 'Document not found.';
export const ANALYZE_QUEUE = 'documents.analyze';
/** A document whose analysis failed this often is marked failed, with the last reason. */
const ANALYSIS_ATTEMPTS = 3;
/** The most an evidence package reads in (pdf-lib builds in memory). */
const EVIDENCE_MAX_BYTES = 150 * 1024 * 1024;
/** The most building one evidence package may take (its request waits for it). */
export const EVIDENCE_TIME_LIMIT_MS = 2 * 60_000;

const notFound = () => new ServiceError('not-found', DOCUMENT_NOT_FOUND);
const fileRefusal = (reason: 'invalid' | 'too-large', message: string) =>
  new ServiceError(reason, message, { file: message });

/** What the documents feature asks of the rest of the product. */
export type DocumentsDeps = {
  db: Kysely<DB>;
  storage: DocumentStorage;
  cases: CasesService;
  /** Where files are read: evidence packages are built there, never in this process. */
  sandbox: Sandbox;
  timeZoneOf(firmId: string): Promise<string>;
  firmUsers(firmId: string): Promise<Array<{ id: string; first_name: string; last_name: string }>>;
  firmNameOf(firmId: string): Promise<string>;
  /** Tells this process's job runner that an analysis waits (it would otherwise find it at its next poll). */
  wake(): void;
};

/** The firm whose documents the person works on; platform staff have none, so see none (DESIGN §5). */
export function firmOf(actor: SessionUser): string {
  if (!actor.firmId)
    throw new ServiceError(
      'forbidden',
      "Documents belong to a firm: platform staff do not see a firm's documents.",
    );
  return actor.firmId;
}

/** Lends a local file for each key, all at once, to `use`. */
function withLocalFiles<T>(
  storage: DocumentStorage,
  keys: string[],
  use: (paths: string[]) => Promise<T>,
): Promise<T> {
  const [first, ...rest] = keys;
  if (first === undefined) return use([]);
  return storage.withLocalFile(first, (path) =>
    withLocalFiles(storage, rest, (paths) => use([path, ...paths])),
  );
}

type Labels = { cases: Map<string, string>; clients: Map<string, string>; users: Map<string, string> };

function toRecord(row: DocumentRow, labels: Labels): DocumentRecord {
  const analysis = row.status === 'done' ? (row.analysis as DocumentAnalysis | null) : null;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    size: Number(row.size),
    sha256: row.sha256,
    category: row.category,
    case: row.case_id ? { id: row.case_id, caseNumber: labels.cases.get(row.case_id) ?? '' } : null,
    client: row.client_id ? { id: row.client_id, name: labels.clients.get(row.client_id) ?? '' } : null,
    status: row.status,
    type: analysis ? row.doc_type : null,
    confidence: analysis ? row.confidence : null,
    fields: analysis?.fields ?? null,
    findings: analysis?.findings ?? [],
    evidence: analysis?.evidence ?? [],
    analysis,
    error: row.error,
    uploadedBy: row.uploaded_by
      ? { id: row.uploaded_by, name: labels.users.get(row.uploaded_by) ?? 'A former user' }
      : null,
    createdAt: row.created_at.toISOString(),
    analyzedAt: row.analyzed_at?.toISOString() ?? null,
  };
}

/** Queues a document's analysis in the caller's transaction: it runs once the transaction commits. */
const queueAnalysis = (trx: Kysely<DB>, firmId: string, documentId: string) =>
  createJobQueue(trx).enqueue({
    queue: ANALYZE_QUEUE,
    payload: { documentId },
    firmId,
    maxAttempts: ANALYSIS_ATTEMPTS,
  });

/** A new document's row and its analysis, queued in the same transaction: it runs once both are committed. */
export async function insertQueued(trx: Kysely<DB>, row: NewDocumentRow & { id: string }): Promise<void> {
  await createDocumentsStore(trx).insert(row);
  await queueAnalysis(trx, row.firm_id, row.id);
}

/** A firm's documents: uploads kept in storage, their analysis queued as background jobs, and the list. */
export function createDocumentsService(deps: DocumentsDeps) {
  const { db, storage } = deps;
  const store = createDocumentsStore(db);

  async function labelsOf(firmId: string, rows: DocumentRow[]): Promise<Labels> {
    const [{ cases, clients }, users] = await Promise.all([
      deps.cases.labelsOf(
        firmId,
        rows.flatMap((r) => (r.case_id ? [r.case_id] : [])),
        rows.flatMap((r) => (r.client_id ? [r.client_id] : [])),
      ),
      deps.firmUsers(firmId),
    ]);
    return {
      cases,
      clients,
      users: new Map(users.map((u) => [u.id, personName(u.first_name, u.last_name)])),
    };
  }

  async function recordsOf(firmId: string, rows: DocumentRow[]): Promise<DocumentRecord[]> {
    const labels = await labelsOf(firmId, rows);
    return rows.map((row) => toRecord(row, labels));
  }

  async function found(firmId: string, id: string): Promise<DocumentRow> {
    const row = await store.find(firmId, id);
    if (!row) throw notFound();
    return row;
  }

  /** The firm's case a document is filed under (its client comes with it). */
  async function caseFor(firmId: string, caseId: string | undefined) {
    if (!caseId) return undefined;
    const record = await deps.cases.ofFirm(firmId, caseId);
    if (!record) throw new ServiceError('invalid', 'Case not found.', { caseId: 'Case not found.' });
    return record;
  }

  return {
    /** Where uploads are streamed before they are kept: beside the documents, so keeping one is a rename. */
    incomingDir: storage.incomingDir,

    async list(actor: SessionUser, query: DocumentListQuery): Promise<DocumentPage> {
      const firmId = firmOf(actor);
      const where = { firmId, ...query, q: query.q || undefined };
      const [rows, total] = await Promise.all([
        store.page(where, (query.page - 1) * query.pageSize, query.pageSize),
        store.count(where),
      ]);
      return { items: await recordsOf(firmId, rows), total, page: query.page, pageSize: query.pageSize };
    },

    counts: (actor: SessionUser): Promise<DocumentCounts> => store.counts(firmOf(actor)),

    countOfFirm: (firmId: string) => store.countOfFirm(firmId),
    /** Documents uploaded in [from, to), by who uploaded them (reports). */
    uploadsByUser: (firmId: string, from: Date, to: Date) => store.uploadsByUser(firmId, from, to),

    async get(actor: SessionUser, id: string): Promise<DocumentRecord> {
      const firmId = firmOf(actor);
      const [record] = await recordsOf(firmId, [await found(firmId, id)]);
      return record;
    },

    /** A case picker's choices (the upload form's, the list's filter, the Forms and brief pages'). */
    pickCase: (actor: SessionUser, query: string, chosenId?: string) =>
      deps.cases.pick(actor, query, chosenId),

    /**
     * Keeps an uploaded file (already streamed to disk within the limit) as a document of the firm, filed
     * under a case when one is named, and queues its analysis. The file's kind is decided by its content and
     * must agree with its name; a refused file is not kept (the upload's temporary file goes with the response).
     */
    async upload(
      actor: SessionUser,
      file: ReceivedFile | undefined,
      fields: UploadFields,
    ): Promise<DocumentRecord> {
      const firmId = firmOf(actor);
      if (!file) throw fileRefusal('invalid', UPLOAD_REFUSALS.noFile);
      if (file.tooLarge) throw fileRefusal('too-large', UPLOAD_REFUSALS.tooLarge);
      if (file.size === 0) throw fileRefusal('invalid', UPLOAD_REFUSALS.empty);
      const kind = await kindOf(file.path, file.filename);
      const record = await caseFor(firmId, fields.caseId);
      const id = crypto.randomUUID();
      const name = displayName(file.filename, kind);
      const key = await storage.keep(file.path, firmId, id);
      try {
        await inTransaction(db, async (trx) => {
          await insertQueued(trx, {
            id,
            firm_id: firmId,
            case_id: record?.id ?? null,
            client_id: record?.client.id ?? null,
            category: fields.category ?? 'other',
            category_chosen: Boolean(fields.category),
            name,
            kind,
            size: file.size,
            sha256: file.sha256,
            storage_key: key,
            uploaded_by: actor.id,
          });
          await createAuditService(trx).record({
            actorUserId: actor.id,
            action: 'document.uploaded',
            entity: 'document',
            entityId: id,
            after: { name, caseNumber: record?.caseNumber ?? null, size: file.size, sha256: file.sha256 },
            firmId,
          });
        });
      } catch (error) {
        await storage.remove(key);
        throw error;
      }
      // Read before the runner is woken, so that the answer says queued.
      const uploaded = await this.get(actor, id);
      deps.wake();
      return uploaded;
    },

    /**
     * Keeps a file the product made for a case (a forms packet, a brief) as one of its documents, filed under
     * a category, and queues its analysis like an upload's, so that it is searchable and counted on the cards.
     */
    async storeGenerated(
      actor: SessionUser,
      caseId: string,
      file: { name: string; kind: 'pdf' | 'docx'; category: DocumentCategory; bytes: Uint8Array },
    ): Promise<DocumentRecord> {
      const firmId = firmOf(actor);
      const record = await caseFor(firmId, caseId);
      const id = crypto.randomUUID();
      const key = await storage.write(firmId, id, file.bytes);
      const sha256 = crypto.createHash('sha256').update(file.bytes).digest('hex');
      try {
        await inTransaction(db, async (trx) => {
          await insertQueued(trx, {
            id,
            firm_id: firmId,
            case_id: record!.id,
            client_id: record!.client.id,
            category: file.category,
            category_chosen: true,
            name: displayName(file.name, file.kind),
            kind: file.kind,
            size: file.bytes.byteLength,
            sha256,
            storage_key: key,
            uploaded_by: actor.id,
          });
          await createAuditService(trx).record({
            actorUserId: actor.id,
            action: 'document.generated',
            entity: 'document',
            entityId: id,
            after: { name: file.name, caseNumber: record!.caseNumber, size: file.bytes.byteLength, sha256 },
            firmId,
          });
        });
      } catch (error) {
        await storage.remove(key);
        throw error;
      }
      const generated = await this.get(actor, id);
      deps.wake();
      return generated;
    },

    /** The bytes, for a download: the record names the file and its type. */
    async content(actor: SessionUser, id: string): Promise<{ record: DocumentRecord; open: () => Readable }> {
      const firmId = firmOf(actor);
      const row = await found(firmId, id);
      const [record] = await recordsOf(firmId, [row]);
      // Opened only as the answer is sent, so that a file missing from storage is still a clean refusal.
      return { record, open: () => storage.open(row.storage_key) };
    },

    /** Deletes the document and then its file (the row first: a file without a row is never served). */
    async remove(actor: SessionUser, id: string): Promise<DocumentRecord> {
      const firmId = firmOf(actor);
      const record = await this.get(actor, id);
      const row = await inTransaction(db, async (trx) => {
        const removed = await createDocumentsStore(trx).remove(firmId, id);
        if (!removed) throw notFound();
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'document.deleted',
          entity: 'document',
          entityId: id,
          before: { name: removed.name, caseNumber: record.case?.caseNumber ?? null, sha256: removed.sha256 },
          firmId,
        });
        return removed;
      });
      await storage.remove(row.storage_key);
      return record;
    },

    /** Queues the analysis of a stored document again (after a failure, or with newer rules). */
    async analyzeAgain(actor: SessionUser, id: string): Promise<DocumentRecord> {
      const firmId = firmOf(actor);
      const row = await found(firmId, id);
      if (row.status === 'queued' || row.status === 'processing')
        throw new ServiceError('conflict', 'This document is being analyzed now: wait for the result.');
      await inTransaction(db, async (trx) => {
        await createDocumentsStore(trx).markQueued(id);
        await queueAnalysis(trx, firmId, id);
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'document.reanalyzed',
          entity: 'document',
          entityId: id,
          after: { name: row.name },
          firmId,
        });
      });
      const queued = await this.get(actor, id);
      deps.wake();
      return queued;
    },

    /** Pasted text analysed at once (no file, nothing stored): the same rules as a document's text. */
    async analyzePasted(actor: SessionUser, text: string): Promise<DocumentAnalysis> {
      const firmId = firmOf(actor);
      const today = todayIn(await deps.timeZoneOf(firmId));
      return analyzeText({ text, method: 'none', pages: 1 }, { today });
    },

    /** A case's documents in upload order, for choosing an evidence package's exhibits. */
    async ofCase(actor: SessionUser, caseId: string): Promise<DocumentRecord[]> {
      const firmId = firmOf(actor);
      if (!(await deps.cases.ofFirm(firmId, caseId))) throw new ServiceError('not-found', 'Case not found.');
      return recordsOf(firmId, await store.ofCase(firmId, caseId));
    },

    /** The analyzed documents of a firm's cases, for work done on the firm's behalf (its deadlines). */
    analyzedOfCases: async (firmId: string, caseIds: string[]): Promise<DocumentRecord[]> =>
      recordsOf(firmId, await store.analyzedOfCases(firmId, caseIds)),

    /**
     * One PDF of a case's chosen documents, in the order chosen: an index of exhibits, then each exhibit
     * behind its tab page, as a filing packet is assembled.
     */
    async evidencePackage(
      actor: SessionUser,
      input: EvidenceInput,
    ): Promise<{ filename: string; bytes: Uint8Array }> {
      const firmId = firmOf(actor);
      const record = await deps.cases.ofFirm(firmId, input.caseId);
      if (!record) throw new ServiceError('not-found', 'Case not found.');
      const rows = await store.ofCase(firmId, record.id);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const chosen = [...new Set(input.documentIds)].map((id) => byId.get(id));
      if (chosen.some((r) => !r)) {
        const message = 'Choose only documents of this case';
        throw new ServiceError('invalid', message, { documentIds: message });
      }
      const documents = chosen as DocumentRow[];
      if (documents.reduce((sum, r) => sum + Number(r.size), 0) > EVIDENCE_MAX_BYTES) {
        const message = 'The chosen documents come to more than 150 MB: build the package in parts';
        throw new ServiceError('invalid', message, { documentIds: message });
      }
      const exhibits: Array<Omit<ExhibitFile, 'path'>> = [];
      for (const row of documents)
        exhibits.push({
          title:
            row.status === 'done' && row.doc_type ? `${DOCUMENT_TYPES[row.doc_type]}: ${row.name}` : row.name,
          kind: row.kind,
          text: row.kind === 'doc' || row.kind === 'docx' ? await store.textOf(row.id) : null,
        });
      const timeZone = await deps.timeZoneOf(firmId);
      const details = {
        firmName: await deps.firmNameOf(firmId),
        caseNumber: record.caseNumber,
        clientName: record.client.name,
        formType: record.formType,
        preparedOn: formatDate(todayIn(timeZone)),
      };
      // Built in a sandbox worker, which reads the files itself.
      const bytes = await withLocalFiles(
        storage,
        documents.map((row) => row.storage_key),
        (paths) =>
          deps.sandbox.run(
            {
              type: 'evidence',
              input: { ...details, exhibits: exhibits.map((exhibit, i) => ({ ...exhibit, path: paths[i] })) },
            },
            { timeoutMs: EVIDENCE_TIME_LIMIT_MS },
          ),
      ).catch((error: unknown) => {
        if (error instanceof WorkerStoppedError) {
          const message = `The package was stopped because ${error.message}: build it from fewer documents, or in parts`;
          throw new ServiceError('invalid', message, { documentIds: message });
        }
        if (error instanceof SandboxClosedError) throw new ServiceError('unavailable', error.message);
        throw error;
      });
      await createAuditService(db).record({
        actorUserId: actor.id,
        action: 'documents.evidence-package',
        entity: 'case',
        entityId: record.id,
        after: { caseNumber: record.caseNumber, exhibits: exhibits.length },
        firmId,
      });
      return { filename: `Evidence Package ${record.caseNumber}.pdf`, bytes };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
