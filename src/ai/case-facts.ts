import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import type { ClientsService } from '../cases/client-service';
import type { CasesService } from '../cases/service';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { DocumentsService } from '../documents/service';
import { type CaseRecord, personName } from '../shared/cases';
import { formatDate, todayIn } from '../shared/dates';
import type { DocumentRecord, DocumentType } from '../shared/documents';
import { ServiceError } from '../shared/errors';
import type { CaseFacts, FactName, Facts, FactSource } from '../shared/facts';
import type { SessionUser } from '../shared/session';
import { createAiStore } from './store';

export const CASE_NOT_FOUND = 'Case not found.';

/** What the case facts need of the rest of the product. */
export type CaseFactsDeps = {
  db: Kysely<DB>;
  cases: CasesService;
  clients: ClientsService;
  documents: DocumentsService;
  timeZoneOf(firmId: string): Promise<string>;
  firmUsers(
    firmId: string,
  ): Promise<Array<{ id: string; first_name: string; last_name: string; status: string }>>;
};

/** The facts a person entered for a case, as stored, with who entered them last and when. */
type Entered = { facts: Facts; by: string | null; at: Date };

/** Everything one case's facts are made from. */
type Sources = {
  record: CaseRecord;
  clientDateOfBirth: string | null;
  entered?: Entered;
  /** The case's documents; only analyzed ones count. */
  documents: DocumentRecord[];
};

type Found = { value: Facts[FactName]; source: FactSource };

/** The notices that start a period, as the rules name them. */
export const NOTICE_FACTS: Partial<Record<string, 'RFE' | 'NOID' | 'denial'>> = {
  'i797-rfe': 'RFE',
  'uscis-noid': 'NOID',
  'uscis-denial': 'denial',
};

/** The newest of several dated readings (the latest passport, the latest notice). */
const latest = <T extends { date: string }>(items: T[]): T | undefined =>
  items.reduce<T | undefined>((best, item) => (!best || item.date > best.date ? item : best), undefined);

const documentSource = (doc: DocumentRecord): FactSource => ({
  kind: 'document',
  label: doc.name,
  documentId: doc.id,
});

/**
 * The facts the case's analyzed documents give: a passport's expiry and birth date (its machine-readable
 * zone when every check digit agreed, else the printed date), the latest RFE's, NOID's or denial's notice
 * date (with the period and due date it prints), the latest tax return's total income as the household
 * income, the newest green card's resident-since date (and its expiry when the card is conditional), and the
 * newest work permit's expiry and category.
 */
function documentFacts(documents: DocumentRecord[]): Partial<Record<FactName, Found>> {
  const done = documents.filter((d) => d.status === 'done' && d.fields && d.type);
  const found: Partial<Record<FactName, Found>> = {};

  const passports = done.flatMap((doc) => {
    if (doc.type !== 'passport') return [];
    const zone = doc.fields!.passportZone?.valid ? doc.fields!.passportZone : undefined;
    const date = zone?.expirationDate ?? doc.fields!.expirationDate;
    return date ? [{ date, birthDate: zone?.birthDate ?? null, doc }] : [];
  });
  const passport = latest(passports);
  if (passport) {
    found.passportExpires = { value: passport.date, source: documentSource(passport.doc) };
    if (passport.birthDate)
      found.dateOfBirth = { value: passport.birthDate, source: documentSource(passport.doc) };
  }

  const notice = latest(
    done.flatMap((doc) => {
      const type = NOTICE_FACTS[doc.type as string];
      return type && doc.fields!.noticeDate ? [{ date: doc.fields!.noticeDate, doc, type }] : [];
    }),
  );
  if (notice) {
    const source = documentSource(notice.doc);
    const fields = notice.doc.fields!;
    found.noticeType = { value: notice.type, source };
    found.noticeDate = { value: notice.date, source };
    if (fields.responsePeriodDays) found.responsePeriodDays = { value: fields.responsePeriodDays, source };
    if (fields.responseDueDate) found.printedDueDate = { value: fields.responseDueDate, source };
  }

  const i94 = latest(
    done.flatMap((doc) => {
      const until = doc.type === 'i94' ? doc.fields!.admitUntil : undefined;
      return until && until !== 'D/S' ? [{ date: until, doc }] : [];
    }),
  );
  if (i94) found.i94AdmitUntil = { value: i94.date, source: documentSource(i94.doc) };

  // The newest card is the one that expires last; a card whose expiry could not be read counts by its
  // resident-since date.
  const greenCard = latest(
    done.flatMap((doc) => {
      const date =
        doc.type === 'green-card' ? (doc.fields!.cardExpires ?? doc.fields!.residentSince) : undefined;
      return date ? [{ date, doc }] : [];
    }),
  );
  if (greenCard) {
    const { residentSince, cardExpires, conditional } = greenCard.doc.fields!;
    const source = documentSource(greenCard.doc);
    if (residentSince) found.permanentResidentSince = { value: residentSince, source };
    if (cardExpires)
      found[conditional ? 'conditionalResidenceExpires' : 'greenCardExpires'] = {
        value: cardExpires,
        source,
      };
  }

  const ead = latest(
    done.flatMap((doc) => {
      const expires = doc.type === 'ead-card' ? doc.fields!.cardExpires : undefined;
      return expires ? [{ date: expires, doc }] : [];
    }),
  );
  if (ead) {
    const source = documentSource(ead.doc);
    found.eadExpires = { value: ead.date, source };
    if (ead.doc.fields!.eadCategory) found.eadCategory = { value: ead.doc.fields!.eadCategory, source };
  }

  // Form I-864 counts total income (8 CFR 213a.1), not the adjusted gross income.
  const taxReturn = done
    .filter((doc) => doc.type === 'tax-return' && doc.fields!.totalIncome !== undefined)
    .reduce<DocumentRecord | undefined>(
      (best, doc) => (!best || (doc.fields!.taxYear ?? 0) > (best.fields!.taxYear ?? 0) ? doc : best),
      undefined,
    );
  if (taxReturn)
    found.householdIncome = { value: taxReturn.fields!.totalIncome, source: documentSource(taxReturn) };
  return found;
}

/**
 * One case's facts for the rules, each with where it came from. The facts a person entered win; then the
 * case's and its client's own fields; then what its documents give.
 */
function factsOf(sources: Sources, enteredBy: Map<string, string>, timeZone: string): CaseFacts {
  const { record, entered } = sources;
  const facts: Record<string, unknown> = {};
  const from: Partial<Record<FactName, FactSource>> = {};
  const set = (name: FactName, value: unknown, source: FactSource) => {
    if (value === undefined || value === null || name in facts) return;
    facts[name] = value;
    from[name] = source;
  };

  if (entered) {
    const who = (entered.by && enteredBy.get(entered.by)) || 'a former user';
    const source: FactSource = {
      kind: 'entered',
      label: `Entered by ${who} on ${formatDate(todayIn(timeZone, entered.at))}`,
    };
    for (const [name, value] of Object.entries(entered.facts)) set(name as FactName, value, source);
  }
  const caseSource: FactSource = { kind: 'case', label: `Case ${record.caseNumber}` };
  set('form', record.formType, caseSource);
  set('caseDueDate', record.dueDate, caseSource);
  const read = documentFacts(sources.documents);
  // The client's birth date as a document reads it too (a passport gives it to the person): that document.
  const birthRead =
    read.dateOfBirth?.value === sources.clientDateOfBirth ? read.dateOfBirth?.source : undefined;
  set('dateOfBirth', sources.clientDateOfBirth, birthRead ?? { kind: 'client', label: 'Client record' });
  for (const [name, { value, source }] of Object.entries(read)) set(name as FactName, value, source);

  const documentTypes = [
    ...new Set(
      sources.documents.flatMap((d): DocumentType[] => (d.status === 'done' && d.type ? [d.type] : [])),
    ),
  ];
  return {
    caseId: record.id,
    caseNumber: record.caseNumber,
    facts: facts as Facts,
    sources: from,
    documentTypes,
  };
}

const namesOf = async (deps: CaseFactsDeps, firmId: string) =>
  new Map((await deps.firmUsers(firmId)).map((u) => [u.id, personName(u.first_name, u.last_name)]));

const enteredOf = (row: { facts: Facts; updated_by: string | null; updated_at: Date } | undefined) =>
  row && { facts: row.facts, by: row.updated_by, at: row.updated_at };

/**
 * A case's facts for the rules (from its fields, its client's, those entered for it and its analyzed
 * documents), and the facts entered for it.
 */
export function createCaseFacts(deps: CaseFactsDeps) {
  const store = createAiStore(deps.db);

  return {
    /** The facts of one of the person's firm's cases; another firm's case is not found. */
    async caseFactsOf(actor: SessionUser, caseId: string): Promise<CaseFacts> {
      const firmId = actor.firmId;
      const record = firmId ? await deps.cases.ofFirm(firmId, caseId) : undefined;
      if (!firmId || !record) throw new ServiceError('not-found', CASE_NOT_FOUND);
      const [client, entered, documents, names, timeZone] = await Promise.all([
        deps.clients.get(actor, record.client.id),
        store.factsOf(firmId, caseId),
        deps.documents.ofCase(actor, caseId),
        namesOf(deps, firmId),
        deps.timeZoneOf(firmId),
      ]);
      return factsOf(
        { record, clientDateOfBirth: client.dateOfBirth, entered: enteredOf(entered), documents },
        names,
        timeZone,
      );
    },

    /**
     * The facts of each of a firm's open cases, with the case and its analyzed documents: the firm's docket
     * is made from them.
     */
    async openCasesOf(
      firmId: string,
    ): Promise<Array<{ record: CaseRecord; facts: CaseFacts; documents: DocumentRecord[] }>> {
      const open = await deps.cases.openOfFirm(firmId);
      const ids = open.map(({ record }) => record.id);
      const [entered, documents, names, timeZone] = await Promise.all([
        store.factsOfCases(firmId, ids),
        deps.documents.analyzedOfCases(firmId, ids),
        namesOf(deps, firmId),
        deps.timeZoneOf(firmId),
      ]);
      const enteredBy = new Map(entered.map((row) => [row.case_id, enteredOf(row)]));
      const documentsOf = new Map<string, DocumentRecord[]>();
      for (const doc of documents)
        if (doc.case) documentsOf.set(doc.case.id, [...(documentsOf.get(doc.case.id) ?? []), doc]);
      return open.map(({ record, clientDateOfBirth }) => {
        const analyzed = documentsOf.get(record.id) ?? [];
        const sources = { record, clientDateOfBirth, entered: enteredBy.get(record.id), documents: analyzed };
        return { record, facts: factsOf(sources, names, timeZone), documents: analyzed };
      });
    },

    /** Replaces the facts entered for one of the firm's cases; answers the case's facts as they are now. */
    async enter(actor: SessionUser, caseId: string, facts: Facts): Promise<CaseFacts> {
      const firmId = actor.firmId;
      const record = firmId ? await deps.cases.ofFirm(firmId, caseId) : undefined;
      if (!firmId || !record) throw new ServiceError('not-found', CASE_NOT_FOUND);
      await inTransaction(deps.db, async (trx) => {
        const before = (await createAiStore(trx).factsOf(firmId, caseId))?.facts ?? {};
        await createAiStore(trx).saveFacts(firmId, caseId, facts, actor.id);
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'case.facts-entered',
          entity: 'case',
          entityId: caseId,
          before: { caseNumber: record.caseNumber, facts: before },
          after: { caseNumber: record.caseNumber, client: record.client, facts },
          firmId,
        });
      });
      return this.caseFactsOf(actor, caseId);
    },
  };
}

export type CaseFactsService = ReturnType<typeof createCaseFacts>;
