import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import type { CasesService } from '../cases/service';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { deadlinesOf } from '../rules';
import type { Deadline } from '../rules/types';
import type { DeadlineKind, DeadlineState, DocketDeadline } from '../shared/ai';
import { type CaseRecord, personName } from '../shared/cases';
import { todayIn } from '../shared/dates';
import type { DocumentRecord } from '../shared/documents';
import { ServiceError } from '../shared/errors';
import type { CaseFacts, FactName, Facts } from '../shared/facts';
import type { SessionUser } from '../shared/session';
import { CASE_NOT_FOUND, type CaseFactsDeps, type CaseFactsService, NOTICE_FACTS } from './case-facts';
import { createDocketStore, type DeadlineRow, type DerivedDeadline } from './docket-store';

export const DEADLINE_NOT_FOUND = 'Deadline not found.';
/** The kinds that are missed when their date passes while open. */
const MISSABLE: DeadlineKind[] = ['deadline', 'hearing'];

/** The deadlines a notice starts; each notice on file gives its own (an RFE answered, then a NOID). */
const NOTICE_DEADLINES = new Set(['rfe-response', 'noid-response', 'appeal']);
/** The facts a notice gives, read from each notice document rather than from the case's latest. */
const NOTICE_FACT_NAMES: FactName[] = ['noticeType', 'noticeDate', 'responsePeriodDays', 'printedDueDate'];
/** The fact whose source a rule's deadline comes from, where that may be a document. */
const DEADLINE_FACT: Partial<Record<string, FactName>> = {
  'passport-expiry': 'passportExpires',
  'passport-six-months': 'passportExpires',
  'i94-admit-until': 'i94AdmitUntil',
  'green-card-renewal-opens': 'greenCardExpires',
  'green-card-expires': 'greenCardExpires',
  'i751-window-opens': 'conditionalResidenceExpires',
  'i751-window-closes': 'conditionalResidenceExpires',
  'n400-earliest-filing': 'permanentResidentSince',
  'ead-renewal-opens': 'eadExpires',
  'ead-expires': 'eadExpires',
  'ead-authorization-ends': 'eadExpires',
};

type OpenCase = { record: CaseRecord; facts: CaseFacts; documents: DocumentRecord[] };

const fromRule = (
  caseId: string,
  ownerId: string | null,
  d: Deadline,
  source: Pick<DerivedDeadline, 'sourceKey' | 'sourceKind' | 'documentId'>,
): DerivedDeadline => ({
  caseId,
  ...source,
  ruleId: d.ruleId,
  title: d.title,
  date: d.date,
  unadjustedDate: d.unadjustedDate ?? null,
  kind: d.kind,
  explanation: d.explanation,
  filing: d.filing ?? null,
  citation: d.citation,
  sourceUrl: d.sourceUrl,
  receivedBy: Boolean(d.receivedBy),
  ownerId,
});

/** The facts one notice document gives; the case's latest notice keeps what a person entered over it. */
function noticeFacts(c: OpenCase, doc: DocumentRecord, caseLevel: Facts): Facts | undefined {
  const type = NOTICE_FACTS[doc.type as string];
  const fields = doc.fields;
  if (!type || !fields?.noticeDate) return undefined;
  const form = (fields.formNumber ?? caseLevel.form) as Facts['form'];
  if (c.facts.sources.noticeDate?.documentId === doc.id) {
    const latest = Object.fromEntries(NOTICE_FACT_NAMES.map((name) => [name, c.facts.facts[name]]));
    return { ...caseLevel, ...latest, form };
  }
  return {
    ...caseLevel,
    form,
    noticeType: type,
    noticeDate: fields.noticeDate,
    responsePeriodDays: fields.responsePeriodDays,
    printedDueDate: fields.responseDueDate,
  };
}

/**
 * What an open case's sources give now: its due date, each notice document's response or appeal deadline,
 * and the rules' dates over its facts (a passport's or an I-94's from the document it was read from).
 */
export function derivedDeadlines(c: OpenCase, asOf: string): DerivedDeadline[] {
  const { record, facts } = c;
  const ownerId = record.assignee?.id ?? null;
  const derived: DerivedDeadline[] = [];
  if (record.dueDate)
    derived.push({
      caseId: record.id,
      sourceKey: 'case-due',
      sourceKind: 'case',
      documentId: null,
      ruleId: null,
      title: 'Case due date',
      date: record.dueDate,
      unadjustedDate: null,
      kind: 'deadline',
      explanation: `The due date set on case ${record.caseNumber}`,
      filing: null,
      citation: null,
      sourceUrl: null,
      receivedBy: false,
      ownerId,
    });
  // A notice read from a document is counted per document below, not once as the case's latest.
  const noticeFromDocument = facts.sources.noticeDate?.kind === 'document';
  const caseLevel: Facts = { ...facts.facts };
  if (noticeFromDocument) for (const name of NOTICE_FACT_NAMES) delete caseLevel[name];
  for (const d of deadlinesOf(caseLevel, asOf).deadlines) {
    const fact = DEADLINE_FACT[d.id];
    const source = fact ? facts.sources[fact] : undefined;
    const documentId = source?.kind === 'document' ? (source.documentId ?? null) : null;
    derived.push(
      fromRule(record.id, ownerId, d, {
        sourceKey: `rule:${d.id}`,
        sourceKind: documentId ? 'document' : 'rule',
        documentId,
      }),
    );
  }
  for (const doc of c.documents) {
    const given = noticeFacts(c, doc, caseLevel);
    if (!given) continue;
    for (const d of deadlinesOf(given, asOf).deadlines.filter((x) => NOTICE_DEADLINES.has(x.id))) {
      const found = fromRule(record.id, ownerId, d, {
        sourceKey: `document:${doc.id}:${d.id}`,
        sourceKind: 'document',
        documentId: doc.id,
      });
      derived.push({ ...found, explanation: withItems(found.explanation, doc.fields?.requestedItems) });
    }
  }
  return derived;
}

/** What an RFE or NOID asks for, in its order, after how its date was reached: what the response holds. */
function withItems(explanation: string | null, items: string[] | undefined): string | null {
  if (!items?.length) return explanation;
  const listed = items.map((item, i) => `(${i + 1}) ${item}`).join(' ');
  return `${explanation ?? ''}. USCIS asks for: ${listed}`;
}

/**
 * An open deadline or hearing whose date passed is missed. The day a window opens, or a document or stay
 * ends, is a fact to act on, not an act the firm could miss: it stays open until marked.
 */
const stateOf = (row: DeadlineRow, today: string): DeadlineState =>
  row.state === 'open' && MISSABLE.includes(row.kind) && row.date < today ? 'missed' : row.state;

export type DocketDeps = {
  db: Kysely<DB>;
  caseFacts: CaseFactsService;
  cases: Pick<CasesService, 'ofFirm'>;
} & Pick<CaseFactsDeps, 'timeZoneOf' | 'firmUsers'>;

/** What a docket read asks for: dates (ISO, inclusive), a case, an owner, a state. */
export type DocketQuery = {
  from?: string;
  to?: string;
  caseId?: string;
  ownerId?: string;
  state?: DeadlineState;
};

const matches = (d: DocketDeadline, q: DocketQuery) =>
  (!q.from || d.date >= q.from) &&
  (!q.to || d.date <= q.to) &&
  (!q.caseId || d.caseId === q.caseId) &&
  (!q.ownerId || d.owner?.id === q.ownerId) &&
  (!q.state || d.state === q.state);

/** The missed first, then by date, then by title. */
const docketOrder = (a: DocketDeadline, b: DocketDeadline) =>
  Number(b.state === 'missed') - Number(a.state === 'missed') ||
  a.date.localeCompare(b.date) ||
  a.title.localeCompare(b.title);

/**
 * The firm's docket: every deadline of its open cases from every source, each with an owner and a state.
 * The dashboard, the Deadline Tracker, the calendar feeds and the reminders all read it here. Before each
 * read it is brought in line with its sources (the cases, their documents, their facts, the rules in force
 * today), so nothing reads a stale copy; only what changed is written.
 */
export function createDocket(deps: DocketDeps) {
  const store = createDocketStore(deps.db);

  async function refreshed(firmId: string) {
    const [open, timeZone, people] = await Promise.all([
      deps.caseFacts.openCasesOf(firmId),
      deps.timeZoneOf(firmId),
      deps.firmUsers(firmId),
    ]);
    const today = todayIn(timeZone);
    const cases = new Map(open.map((c) => [c.record.id, c.record]));
    const kept = await store.rowsOfCases(firmId, [...cases.keys()]);
    const changed = await store.reconcile(
      firmId,
      kept,
      open.flatMap((c) => derivedDeadlines(c, today)),
    );
    // Read again only when the sources changed something: most reads change nothing.
    const rows = changed ? await store.rowsOfCases(firmId, [...cases.keys()]) : kept;
    const names = new Map(people.map((u) => [u.id, personName(u.first_name, u.last_name)]));
    return { today, cases, names, rows };
  }

  /** A kept row in the API's words, with its case's number and client. */
  function toDeadline(
    row: DeadlineRow,
    at: { today: string; cases: Map<string, CaseRecord>; names: Map<string, string> },
  ): DocketDeadline {
    const c = at.cases.get(row.case_id)!;
    return {
      id: row.id,
      caseId: row.case_id,
      caseNumber: c.caseNumber,
      clientName: c.client.name,
      title: row.title,
      date: row.date,
      ...(row.unadjusted_date ? { unadjustedDate: row.unadjusted_date } : {}),
      kind: row.kind,
      state: stateOf(row, at.today),
      ...(row.reason ? { reason: row.reason } : {}),
      owner: row.owner_id ? { id: row.owner_id, name: at.names.get(row.owner_id) ?? 'A former user' } : null,
      source: {
        kind: row.source_kind,
        ...(row.document_id ? { documentId: row.document_id } : {}),
        ...(row.rule_id ? { ruleId: row.rule_id } : {}),
      },
      ...(row.explanation ? { explanation: row.explanation } : {}),
      ...(row.filing ? { filing: row.filing } : {}),
      ...(row.citation ? { citation: row.citation } : {}),
      ...(row.source_url ? { sourceUrl: row.source_url } : {}),
      ...(row.received_by ? { receivedBy: true as const } : {}),
    };
  }

  /** The firm's deadlines the query asks for (of its open cases), the missed first, then by date. */
  async function listOfFirm(firmId: string, query: DocketQuery = {}) {
    const at = await refreshed(firmId);
    const items = at.rows
      .map((row) => toDeadline(row, at))
      .filter((d) => matches(d, query))
      .sort(docketOrder);
    return { today: at.today, items };
  }

  const firmOf = (actor: SessionUser) => {
    if (!actor.firmId)
      throw new ServiceError('forbidden', 'The docket holds a firm’s deadlines: platform staff have none.');
    return actor.firmId;
  };

  /** One deadline as the docket shows it now. */
  async function shown(firmId: string, caseId: string, id: string): Promise<DocketDeadline> {
    const found = (await listOfFirm(firmId, { caseId })).items.find((d) => d.id === id);
    if (!found) throw new ServiceError('not-found', DEADLINE_NOT_FOUND);
    return found;
  }

  return {
    listOfFirm,

    async list(actor: SessionUser, query: DocketQuery) {
      return listOfFirm(firmOf(actor), query);
    },

    /** Marks a deadline done, dismisses it (with the reason) or opens it again; audited. */
    async setState(
      actor: SessionUser,
      id: string,
      change: { state: 'done' | 'dismissed' | 'open'; reason?: string },
    ): Promise<DocketDeadline> {
      const firmId = firmOf(actor);
      const before = await store.find(firmId, id);
      if (!before) throw new ServiceError('not-found', DEADLINE_NOT_FOUND);
      await inTransaction(deps.db, async (trx) => {
        await createDocketStore(trx).close(firmId, id, {
          state: change.state,
          reason: change.state === 'dismissed' ? change.reason!.trim() : null,
          by: actor.id,
        });
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: `deadline.${change.state === 'open' ? 'reopened' : change.state}`,
          entity: 'deadline',
          entityId: id,
          before: { title: before.title, date: before.date, state: before.state },
          after: {
            title: before.title,
            date: before.date,
            state: change.state,
            reason: change.reason ?? null,
          },
          firmId,
        });
      });
      return shown(firmId, before.case_id, id);
    },

    /** A deadline entered by hand on one of the firm's open cases (a hearing, a filing the rules do not know). */
    async add(
      actor: SessionUser,
      caseId: string,
      entry: {
        title: string;
        date: string;
        kind: DeadlineKind;
        explanation?: string;
        filing?: string;
        ownerId?: string;
      },
    ): Promise<DocketDeadline> {
      const firmId = firmOf(actor);
      const record = (await refreshed(firmId)).cases.get(caseId);
      if (!record) {
        if (await deps.cases.ofFirm(firmId, caseId))
          throw new ServiceError('conflict', 'The case is closed: deadlines are kept for open cases.');
        throw new ServiceError('not-found', CASE_NOT_FOUND);
      }
      const people = await deps.firmUsers(firmId);
      if (entry.ownerId && !people.some((u) => u.id === entry.ownerId && u.status === 'active'))
        throw new ServiceError('invalid', 'The owner must be an active user of the firm.', {
          ownerId: 'Choose an active user of the firm.',
        });
      const row = await inTransaction(deps.db, async (trx) => {
        const added = await createDocketStore(trx).addManual({
          firmId,
          caseId,
          title: entry.title.trim(),
          date: entry.date,
          kind: entry.kind,
          explanation: entry.explanation?.trim() || null,
          filing: entry.filing?.trim() || null,
          ownerId: entry.ownerId ?? record.assignee?.id ?? actor.id,
          createdBy: actor.id,
        });
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'deadline.added',
          entity: 'deadline',
          entityId: added.id,
          after: { caseNumber: record.caseNumber, title: added.title, date: added.date, kind: added.kind },
          firmId,
        });
        return added;
      });
      return shown(firmId, caseId, row.id);
    },
  };
}

export type Docket = ReturnType<typeof createDocket>;
