import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { CasesService } from '../cases/service';
import type { DB } from '../db/schema';
import { type Job, PermanentJobError, type QueueSpec } from '../jobs';
import { todayIn } from '../shared/dates';
import type { DocumentCategory, DocumentType } from '../shared/documents';
import { analyzeText } from './analysis/analyze';
import type { Summarizer } from './analysis/llm';
import type { Ocr } from './analysis/ocr';
import { extractText, UnreadableDocumentError } from './analysis/text';
import type { DocumentStorage } from './storage';
import { createDocumentsStore } from './store';

/** Where a document is filed when the person did not choose: by what the analysis found it to be. */
function categoryOf(type: DocumentType): DocumentCategory {
  if (type === 'uscis-form') return 'uscis-form';
  if (type.startsWith('i797-')) return 'correspondence';
  return type === 'other' ? 'other' : 'evidence';
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The analysis of one document, run as a background job: read its text (the text layer, or OCR for scans
 * and photos), recognise what it is, read its fields and check them against the case, then store it all.
 * A file that cannot be read fails at once; anything else is retried by the job runner.
 */
export function documentAnalysisQueue(deps: {
  db: Kysely<DB>;
  storage: DocumentStorage;
  cases: CasesService;
  timeZoneOf(firmId: string): Promise<string>;
  ocr: Ocr;
  summarizer?: Summarizer;
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
      duplicateOf: duplicateOf ?? null,
      caseHasTranslation,
    };
  }

  return {
    // Two documents at once; OCR itself takes its turn (one at a time per process, see createOcr).
    concurrency: 2,
    leaseSeconds: 120,
    restartable: true,
    async handle(job: Job<{ documentId: string }>, signal: AbortSignal) {
      const id = job.payload.documentId;
      const row = await store.findById(id);
      if (!row || !(await store.markProcessing(id))) return;
      try {
        const reading = deps.storage
          .withLocalFile(row.storage_key, (path) => extractText({ path, kind: row.kind }, deps.ocr))
          .catch((error: unknown) => {
            // A damaged or protected file stays so: no retry. A timeout or a missing worker may pass.
            if (error instanceof UnreadableDocumentError) throw new PermanentJobError(error.message);
            throw error;
          });
        const extracted = await untilAborted(signal, reading);
        const analysis = analyzeText(extracted, await contextOf(row));
        const summary = await deps.summarizer?.summarize(extracted.text, analysis);
        if (summary) analysis.summary = summary;
        await store.saveAnalysis(id, analysis, extracted.text, categoryOf(analysis.type));
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
      await store.markFailed(job.payload.documentId, reasonOf(error));
    },
  };
}

/** The work's outcome, or the abort's reason as soon as the signal fires (the work is left to settle). */
function untilAborted<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
