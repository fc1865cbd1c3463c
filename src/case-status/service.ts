import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { CASE_NOT_FOUND, type CasesService } from '../cases/service';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { DocumentsService } from '../documents/service';
import { createOutbox } from '../mail/sender';
import { type CaseRecord, RECEIPT_PATTERN } from '../shared/cases';
import { PRODUCT_NAME } from '../shared/constants';
import { midnightIn, todayIn } from '../shared/dates';
import type { DocumentRecord } from '../shared/documents';
import { ServiceError } from '../shared/errors';
import { pages } from '../shared/paths';
import type { SessionUser } from '../shared/session';
import type { Lookup, UscisClient, UscisStatus } from './client';
import { type CheckRow, createCaseStatusStore, type NewCheck } from './store';
import type { CaseStatusCheck, CaseStatusView, ReceiptStatus, StatusCheck } from './types';

const NOT_CONFIGURED = 'USCIS case status is not configured: set USCIS_CLIENT_ID and USCIS_CLIENT_SECRET.';
/** A receipt checked on demand is not asked about again this soon: its last answer stands. */
const ON_DEMAND_GAP_MS = 10 * 60_000;
/** Between two requests to USCIS: 4 a second, under the sandbox's documented 5 (production allows 10). */
const PAUSE_MS = 250;
/** The checks a receipt shows before its latest one. */
const HISTORY_SHOWN = 20;

type Person = { id: string; email: string; first_name: string; role: string; status: string };

/** A case whose receipts are checked, and whom a change is told to. */
type Target = { firmId: string; caseId: string; caseNumber: string; assigneeId: string | undefined };

type ServiceDeps = {
  db: Kysely<DB>;
  cases: CasesService;
  documents: DocumentsService;
  firmUsers(firmId: string): Promise<Person[]>;
  timeZoneOf(firmId: string): Promise<string>;
  publicUrl: string;
  /** USCIS's Case Status API; none without credentials. */
  uscis: UscisClient | undefined;
  logger: Logger;
};

/** A case's receipt numbers: its own, then those read from its analyzed documents, each once. */
function receiptsOf(record: CaseRecord, documents: DocumentRecord[]): string[] {
  const read = documents.flatMap((d) => (d.status === 'done' ? (d.fields?.receiptNumbers ?? []) : []));
  const all = [record.receiptNumber, ...read].flatMap((r) => (r ? [r.trim().toUpperCase()] : []));
  return [...new Set(all.filter((r) => RECEIPT_PATTERN.test(r)))];
}

const targetOf = (firmId: string, record: CaseRecord): Target => ({
  firmId,
  caseId: record.id,
  caseNumber: record.caseNumber,
  assigneeId: record.assignee?.id,
});

const checkOf = (row: CheckRow): StatusCheck => ({
  checkedAt: new Date(row.checked_at).toISOString(),
  outcome: row.outcome,
  statusText: row.status_text,
  statusDescription: row.status_description,
  statusTextEs: row.status_text_es,
  statusDescriptionEs: row.status_description_es,
  formType: row.form_type,
  modifiedDate: row.modified_date,
  changed: row.changed,
});

/** Each receipt with its checks, from the rows of the case's history (the newest first). */
function receiptStatuses(receipts: string[], rows: CheckRow[]): ReceiptStatus[] {
  return receipts.map((receiptNumber) => {
    const [latest, ...history] = rows.filter((r) => r.receipt_number === receiptNumber).map(checkOf);
    return { receiptNumber, latest: latest ?? null, history };
  });
}

/** What a lookup is kept as. */
function newCheck(target: Target, receiptNumber: string, lookup: Lookup, changed: boolean): NewCheck {
  const status: Partial<UscisStatus> = lookup.outcome === 'ok' ? lookup.status : {};
  return {
    firmId: target.firmId,
    caseId: target.caseId,
    receiptNumber,
    outcome: lookup.outcome,
    statusText: status.textEn ?? null,
    statusDescription: status.descriptionEn ?? null,
    statusTextEs: status.textEs ?? null,
    statusDescriptionEs: status.descriptionEs ?? null,
    formType: status.formType ?? null,
    modifiedDate: status.modifiedDate ?? null,
    changed,
  };
}

function changeEmail(
  person: Person,
  target: Target,
  change: { receipt: string; from: string; to: UscisStatus },
  publicUrl: string,
) {
  const area = person.role === 'admin' ? 'admin' : 'user';
  return {
    to: person.email,
    subject: `${target.caseNumber}: USCIS status of ${change.receipt} is now "${change.to.textEn}"`,
    text: [
      `Hello ${person.first_name},`,
      '',
      `USCIS changed the status of receipt number ${change.receipt}, of case ${target.caseNumber}, which is assigned to you.`,
      '',
      `Before: ${change.from}`,
      `Now: ${change.to.textEn}`,
      ...(change.to.descriptionEn ? ['', change.to.descriptionEn] : []),
      '',
      'The case:',
      `${publicUrl}${pages.cases(area).view(target.caseId)}#uscis-status`,
      '',
      `${PRODUCT_NAME} tells a case's assignee when USCIS changes the status of one of its receipt numbers.`,
    ].join('\n'),
    firmId: target.firmId,
  };
}

/**
 * USCIS case status: each receipt number of a case (its own, and those read from its documents) checked
 * with USCIS's Case Status API on demand and by a daily run, every answer kept as the receipt's history;
 * a changed status is emailed to the case's assignee. Without USCIS credentials nothing is asked.
 */
export function createCaseStatusService(deps: ServiceDeps) {
  const store = createCaseStatusStore(deps.db);

  const clientOf = (): UscisClient => {
    if (!deps.uscis) throw new ServiceError('unavailable', NOT_CONFIGURED);
    return deps.uscis;
  };

  /** One of the person's firm's cases, and its receipt numbers; another firm's case is not found. */
  async function caseOf(actor: SessionUser, caseId: string) {
    const record = actor.firmId ? await deps.cases.ofFirm(actor.firmId, caseId) : undefined;
    if (!actor.firmId || !record) throw new ServiceError('not-found', CASE_NOT_FOUND);
    const receipts = receiptsOf(record, await deps.documents.ofCase(actor, caseId));
    return { target: targetOf(actor.firmId, record), receipts };
  }

  /** The case's assignee, when they can be emailed. */
  async function assigneeOf(target: Target): Promise<Person | undefined> {
    if (!target.assigneeId) return undefined;
    const person = (await deps.firmUsers(target.firmId)).find((p) => p.id === target.assigneeId);
    return person?.status === 'active' && person.email ? person : undefined;
  }

  /** Keeps a lookup; a status other than the receipt's last one is marked changed and emailed. */
  async function keep(target: Target, receipt: string, lookup: Lookup): Promise<void> {
    const assignee = lookup.outcome === 'ok' ? await assigneeOf(target) : undefined;
    await inTransaction(deps.db, async (trx) => {
      const checks = createCaseStatusStore(trx);
      await checks.lockReceipt(target.caseId, receipt);
      const from = lookup.outcome === 'ok' ? await checks.lastStatusText(target.caseId, receipt) : undefined;
      const changed = lookup.outcome === 'ok' && from !== undefined && from !== lookup.status.textEn;
      await checks.record(newCheck(target, receipt, lookup, changed));
      if (changed && assignee)
        await createOutbox(trx).enqueue(
          changeEmail(assignee, target, { receipt, from, to: lookup.status }, deps.publicUrl),
        );
    });
  }

  /** Asks USCIS about one receipt and keeps the answer. */
  async function check(client: UscisClient, target: Target, receipt: string): Promise<Lookup> {
    const lookup = await client.lookup(receipt);
    // For the operator: why USCIS is failing (credentials refused, down), or how long it asked to wait.
    if (lookup.outcome === 'unavailable')
      deps.logger.warn({ caseId: target.caseId, reason: lookup.reason }, 'USCIS gave no case status');
    if (lookup.outcome === 'rate-limited')
      deps.logger.warn(
        { retryAfterSeconds: lookup.retryAfterSeconds },
        'USCIS case status rate limit reached',
      );
    await keep(target, receipt, lookup);
    return lookup;
  }

  /**
   * Checks each receipt in turn, pausing between requests, until USCIS says to slow down; answers the
   * receipts asked about.
   */
  async function checkInTurn(
    client: UscisClient,
    items: Array<{ target: Target; receipt: string }>,
    signal?: AbortSignal,
  ) {
    const asked: string[] = [];
    for (const { target, receipt } of items) {
      if (asked.length) await sleep(PAUSE_MS, undefined, { signal });
      asked.push(receipt);
      if ((await check(client, target, receipt)).outcome === 'rate-limited') return { asked, stopped: true };
    }
    return { asked, stopped: false };
  }

  async function viewOf(target: Target, receipts: string[]): Promise<CaseStatusView> {
    const rows = await store.historyOf(target.firmId, target.caseId, HISTORY_SHOWN + 1);
    return {
      caseId: target.caseId,
      configured: Boolean(deps.uscis),
      receipts: receiptStatuses(receipts, rows),
    };
  }

  /** The receipts of a firm's open cases that no one has checked since `since`. */
  async function dueOfFirm(firmId: string, since: Date) {
    const open = await deps.cases.openOfFirm(firmId);
    const [documents, done] = await Promise.all([
      deps.documents.analyzedOfCases(
        firmId,
        open.map(({ record }) => record.id),
      ),
      store.checkedSince(firmId, since),
    ]);
    const documentsOf = new Map<string, DocumentRecord[]>();
    for (const doc of documents)
      if (doc.case) documentsOf.set(doc.case.id, [...(documentsOf.get(doc.case.id) ?? []), doc]);
    return open.flatMap(({ record }) => {
      const target = targetOf(firmId, record);
      const receipts = receiptsOf(record, documentsOf.get(record.id) ?? []);
      return receipts.filter((r) => !done.has(`${record.id} ${r}`)).map((receipt) => ({ target, receipt }));
    });
  }

  return {
    configured: Boolean(deps.uscis),

    /** A case's receipt numbers, each with its latest check and those before. */
    async statusOf(actor: SessionUser, caseId: string): Promise<CaseStatusView> {
      const { target, receipts } = await caseOf(actor, caseId);
      return viewOf(target, receipts);
    },

    /**
     * Checks a case's receipts now, but none checked in the last 10 minutes (its last answer stands, with
     * when it was checked); stops at USCIS's rate limit.
     */
    async checkCase(actor: SessionUser, caseId: string): Promise<CaseStatusCheck> {
      const client = clientOf();
      const { target, receipts } = await caseOf(actor, caseId);
      const last = await store.lastCheckedOf(caseId);
      const recent = (receipt: string) => Date.now() - (last.get(receipt)?.getTime() ?? 0) < ON_DEMAND_GAP_MS;
      const due = receipts.filter((receipt) => !recent(receipt));
      const { asked } = await checkInTurn(
        client,
        due.map((receipt) => ({ target, receipt })),
      );
      return { ...(await viewOf(target, receipts)), checkedNow: asked };
    },

    /**
     * The daily run of a firm: each receipt of its open cases not yet checked today (the firm's day),
     * once; a rate limit from USCIS ends the run for the day. Nothing without credentials.
     */
    async checkFirm(firmId: string, signal?: AbortSignal): Promise<{ checked: number; stopped: boolean }> {
      if (!deps.uscis) return { checked: 0, stopped: false };
      const timeZone = await deps.timeZoneOf(firmId);
      const since = midnightIn(todayIn(timeZone), timeZone);
      const items = await dueOfFirm(firmId, since);
      const { asked, stopped } = await checkInTurn(deps.uscis, items, signal);
      return { checked: asked.length, stopped };
    },
  };
}

export type CaseStatusService = ReturnType<typeof createCaseStatusService>;
