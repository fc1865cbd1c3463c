import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { CasesService } from '../cases/service';
import type { DB } from '../db/schema';
import { type Job, LEASE_EXPIRED, PermanentJobError, type QueueSpec } from '../jobs';
import { todayIn } from '../shared/dates';
import type { DocumentAnalysis, DocumentCategory, DocumentType } from '../shared/documents';
import { analyzeText } from './analysis/analyze';
import { UnreadableDocumentError } from './analysis/caps';
import type { Summarizer } from './analysis/llm';
import { type Sandbox, WorkerStoppedError } from './sandbox';
import type { DocumentStorage } from './storage';
import { createDocumentsStore } from './store';

/** Where a document is filed when the person did not choose: by what the analysis found it to be. */
function categoryOf(type: DocumentType): DocumentCategory {
  if (type === 'uscis-form') return 'uscis-form';
  if (type.startsWith('i797-')) return 'correspondence';
  return type === 'other' ? 'other' : 'evidence';
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The most one document's reading may take: ten scanned pages take under a minute on two busy cores. */
export const ANALYSIS_TIME_LIMIT_MS = 3 * 60_000;

const STOPPED_ADVICE: Record<WorkerStoppedError['why'], string> = {
  memory: 'Save it again as a smaller file, or as a PDF, and upload that.',
  time: 'Split it into smaller files and upload those.',
  crash: 'Save it again, or as a PDF, and upload that.',
};

/** Why a document failed, for the person: the worker that read it stopped, or the server did. */
function failureOf(error: unknown): string {
  if (error instanceof WorkerStoppedError)
    return `Reading this file was stopped because ${error.message}; it is not tried again. ${STOPPED_ADVICE[error.why]}`;
  if (reasonOf(error) === LEASE_EXPIRED)
    return 'The server stopped while it was reading this file, so it is not tried again by itself: choose Analyze again to read it again.';
  return reasonOf(error);
}

/**
 * The analysis of one document, run as a background job: read its text (the text layer, or OCR for scans
 * and photos) in a sandbox worker, recognise what it is, read its fields and check them against the case,
 * then store it all. A file that cannot be read, passes a cap, or stops its worker (memory, time, a crash)
 * fails at once, and so does one whose analysis was cut short by the server's own death (its lease ran
 * out): either may be the file's doing. Anything else is retried by the job runner.
 */
export function documentAnalysisQueue(deps: {
  db: Kysely<DB>;
  storage: DocumentStorage;
  cases: CasesService;
  timeZoneOf(firmId: string): Promise<string>;
  sandbox: Sandbox;
  summarizer?: Summarizer;
  /** Gives the case's person the document names the facts it read (the people feature's). */
  factsToPeople?(
    firmId: string,
    caseId: string,
    doc: { id: string; name: string; type: DocumentType; fields: DocumentAnalysis['fields'] },
  ): Promise<unknown>;
  logger: Logger;
}): QueueSpec<{ documentId: string }> {
  const store = createDocumentsStore(deps.db);

  async function contextOf(row: { id: string; firm_id: string; case_id: string | null; sha256: string }) {
    const today = todayIn(await deps.timeZoneOf(row.firm_id));
    if (!row.case_id) return { today };
    const [record, duplicateOf, caseHasTranslation] = await Promise.all([
      deps.cases.ofFirm(row.firm_id, row.case_id),
      store.sameBytesIn(row.case_id, row.sha256, row.id),
      store.hasTranslation(row.case_id, row.id),
    ]);
    return {
      today,
      clientName: record?.client.name ?? null,
      caseDueDate: record?.dueDate ?? null,
      caseForm: record?.formType ?? null,
      duplicateOf: duplicateOf ?? null,
      caseHasTranslation,
    };
  }

  return {
    // Two documents at once, each in a sandbox worker of its own.
    concurrency: 2,
    leaseSeconds: 120,
    restartable: true,
    expiredLease: 'fail',
    async handle(job: Job<{ documentId: string }>, signal: AbortSignal) {
      const id = job.payload.documentId;
      const row = await store.findById(id);
      if (!row || !(await store.markProcessing(id))) return;
      try {
        const extracted = await deps.storage
          .withLocalFile(row.storage_key, (path) =>
            deps.sandbox.run(
              { type: 'extract', file: { path, kind: row.kind } },
              { timeoutMs: ANALYSIS_TIME_LIMIT_MS, signal },
            ),
          )
          .catch((error: unknown) => {
            // A damaged, protected or oversized file stays so, and one that stopped its worker would
            // stop it again: no retry. An OCR timeout or the sandbox closing may pass.
            if (error instanceof UnreadableDocumentError || error instanceof WorkerStoppedError)
              throw new PermanentJobError(failureOf(error));
            throw error;
          });
        const analysis = analyzeText(extracted, await contextOf(row));
        const summary = await deps.summarizer?.summarize(extracted.text, analysis);
        if (summary) analysis.summary = summary;
        await store.saveAnalysis(id, analysis, extracted.text, categoryOf(analysis.type));
        if (row.case_id)
          // The analysis stands whatever happens here: a person's record not filled is logged, not retried.
          await deps
            .factsToPeople?.(row.firm_id, row.case_id, {
              id,
              name: row.name,
              type: analysis.type,
              fields: analysis.fields,
            })
            .catch((error: unknown) =>
              deps.logger.warn(
                { documentId: id, err: reasonOf(error) },
                'facts not given to the case’s person',
              ),
            );
      } catch (error) {
        // Until the runner retries it (or gives up: onFailed), the document waits again, saying why
        // (nothing to say when the app stopped: it is simply analyzed again).
        await store.markQueued(id, signal.aborted ? null : reasonOf(error));
        throw error;
      }
    },
    async onFailed(job, error) {
      deps.logger.warn(
        { documentId: job.payload.documentId, err: reasonOf(error) },
        'document analysis failed',
      );
      await store.markFailed(job.payload.documentId, failureOf(error));
    },
  };
}
