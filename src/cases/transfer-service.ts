/**
 * Import Cases and Export Data: the rules and the writing of an import (every row checked, against the file
 * and against what the firm has, before anything is written; then the rows in batches), and the export's
 * batches. On PostgreSQL the batches go in one transaction; on PGlite, whose one connection every request
 * shares, each batch is a transaction of its own, requests go between them, and a failure takes back the
 * batches before it (import-batches.ts).
 */
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import { isUniqueViolation } from '../db/database';
import type { DB } from '../db/schema';
import { canMove, type CaseStatus, type FormType, personName, refusedMoveMessage } from '../shared/cases';
import { todayIn } from '../shared/dates';
import { ServiceError } from '../shared/errors';
import type { SessionUser } from '../shared/session';
import type { ExportCase } from './export';
import {
  type Assignable,
  assigneeFinder,
  type CaseImport,
  checkedRows,
  type ImportMode,
  type ImportResult,
  isRejection,
  type Rejection,
} from './import';
import { batchesApart, batchesInOne, type Run, type Undo } from './import-batches';
import type { CaseListQuery } from './schema';
import { type CasesService, firmOf, historyOfChange, splitName, userNamesOf } from './service';
import { type CaseRow, caseNumberOf } from './store';
import {
  createTransferStore,
  type Cursor,
  type ExportedRow,
  type ImportedValues,
  type NumberedCase,
  type TransferStore,
} from './transfer-store';

/** An import this large changes the tables enough for them to be vacuumed and analyzed at once. */
const VACUUM_AFTER = 1000;
/**
 * Rows per read of the export. Measured on PGlite over 100,000 cases: 1,000 a read grew the server's memory
 * by 45 MB, 250 by 2 MB, in the same time.
 */
const EXPORT_BATCH = 250;
/** Rows per batch of an import: on PGlite, each holds the one connection for about a tenth of a second. */
const IMPORT_BATCH = 250;
/** Clients per statement: a client is a smaller row than a case. */
const CLIENTS_BATCH = 1000;
/** The unique index that keeps a receipt number on one case of a firm. */
const RECEIPT_INDEX = 'cases_receipt_idx';

type TransferDeps = {
  db: Kysely<DB>;
  /** Long work's handle: its statements let requests go first (src/db/database.ts). */
  bulk: Kysely<DB>;
  /** PGlite: each batch of an import is a transaction of its own (see the top of this file). */
  embedded: boolean;
  cases: CasesService;
  timeZoneOf(firmId: string): Promise<string>;
  /** The firm's accounts: the assignees a file may name, and the names an export writes. */
  firmUsers(firmId: string): Promise<
    Array<{
      id: string;
      login_id: string;
      email: string;
      first_name: string;
      last_name: string;
      status: string;
    }>
  >;
};

/** A client name of the file: as first written, and the lines of the rows that need that client. */
type NamedClient = { name: string; lines: number[] };

/** What the first reading of the file keeps of a valid row, to check it against what is stored. */
type Checked = {
  line: number;
  caseNumber: string | null;
  /** The client's full name without case ("ana lopez"), and as written. */
  client: string;
  clientName: string;
  formType: FormType;
  receipt: string | null;
  status: CaseStatus | null;
};

const clientKey = (row: { clientName: string }) => row.clientName.toLowerCase();

/** The refused rows and the valid ones, from a first reading of the file. */
async function firstPass(file: string, find: ReturnType<typeof assigneeFinder>) {
  const rejected: Rejection[] = [];
  const rows: Checked[] = [];
  for await (const row of checkedRows(fs.createReadStream(file), find)) {
    if (isRejection(row)) rejected.push(row);
    else
      rows.push({
        line: row.line,
        caseNumber: row.caseNumber,
        client: clientKey(row),
        clientName: row.clientName,
        formType: row.formType,
        receipt: row.receiptNumber,
        status: row.status,
      });
  }
  return { rejected, rows };
}

/** "Ana Lopez" once for a row that several reasons refuse: its reasons are said together. */
function merged(rejections: Rejection[]): Rejection[] {
  const byLine = new Map<number, string[]>();
  for (const { line, reason } of rejections) byLine.set(line, [...(byLine.get(line) ?? []), reason]);
  return [...byLine]
    .sort(([a], [b]) => a - b)
    .map(([line, reasons]) => ({ line, reason: reasons.join('; ') }));
}

/** A race lost to another request for a receipt number: nothing was written, and the person hears why. */
async function guardReceipts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error) || (error as { constraint?: string }).constraint !== RECEIPT_INDEX)
      throw error;
    throw new ServiceError(
      'conflict',
      'A receipt number in the file was just saved on another case. Nothing was imported: import the file again to see which row.',
    );
  }
}

/** Why a row is refused for a case the firm has already. */
const IMPORT_REFUSALS_OF_STORED = {
  caseInFirm: (caseNumber: string) =>
    `Case Number ${caseNumber} is a case of the firm already: import the file with "Update cases by case number" to change it`,
  sameWithoutReceipt: (name: string, form: string, caseNumber: string) =>
    `${name} already has an ${form} case with no receipt number: ${caseNumber}`,
};

/** What the writing does: the rows not refused, each added or (update mode) changing a case. */
type Plan = {
  mode: ImportMode;
  rejected: number;
  /** Lines refused for what is stored (the file's own faults are found again as it is read). */
  skip: Set<number>;
  /** The firm's case each updating row changes, by line. */
  updates: Map<number, NumberedCase>;
  /** The names whose client the rows need (new cases, and updates that move a case to another client). */
  clients: Map<string, NamedClient>;
  /** The firm's clients of those names. */
  existing: Map<string, string[]>;
  added: number;
};

/** The facts a row gives its case: a column the file has replaces the fact, one it lacks keeps it. */
function valuesOf(row: CaseImport, was: CaseRow, clientId: string): ImportedValues {
  const given = <T>(column: Parameters<typeof row.given.has>[0], value: T, current: T) =>
    row.given.has(column) ? value : current;
  return {
    client_id: clientId,
    case_type: row.caseType,
    form_type: row.formType,
    status: row.status ?? was.status,
    assignee_id: given('assignee', row.assigneeId, was.assignee_id),
    due_date: given('dueDate', row.dueDate, was.due_date),
    description: given('description', row.description, was.description),
    receipt_number: given('receiptNumber', row.receiptNumber, was.receipt_number),
    priority_date: given('priorityDate', row.priorityDate, was.priority_date),
    legal_fee_cents: given('legalFee', row.legalFeeCents, was.legal_fee_cents),
    amount_paid_cents: given('amountPaid', row.amountPaidCents, was.amount_paid_cents),
  };
}

const differs = (values: ImportedValues, was: CaseRow) =>
  (Object.keys(values) as Array<keyof ImportedValues>).some((k) => values[k] !== was[k]);

/** A stored case as Export Data writes it; `created` is the day it was opened, on the firm's calendar. */
const exportCaseOf = (row: ExportedRow, names: Map<string, string>, timeZone: string): ExportCase => ({
  caseNumber: row.case_number,
  clientName: row.client_name,
  caseType: row.case_type,
  formType: row.form_type,
  status: row.status,
  assignee: row.assignee_id ? (names.get(row.assignee_id) ?? null) : null,
  dueDate: row.due_date,
  description: row.description,
  receiptNumber: row.receipt_number,
  priorityDate: row.priority_date,
  legalFeeCents: row.legal_fee_cents,
  amountPaidCents: row.amount_paid_cents,
  created: todayIn(timeZone, row.created_at),
});

/**
 * Changes the firm's cases of these rows, locked first (a concurrent edit waits): the facts the rows give
 * that differ, with a history row per fact. Answers how many cases changed.
 */
async function changeCases(
  store: TransferStore,
  undo: Undo,
  the: {
    firmId: string;
    /** Each row, with the ID of the case it changes. */
    ids: Map<CaseImport, string>;
    clientOf: Map<string, string>;
    names: Map<string, string>;
    by: { id: string; name: string };
  },
): Promise<number> {
  const locked = await store.lockCases(the.firmId, [...the.ids.values()]);
  const before = new Map(locked.map((row) => [row.id, row]));
  const changed: Array<ImportedValues & { id: string }> = [];
  for (const [row, id] of the.ids) {
    const was = before.get(id);
    // A case deleted since the file was checked is not brought back.
    if (!was) continue;
    const sameClient = was.client_name.toLowerCase() === clientKey(row);
    const values = valuesOf(row, was, sameClient ? was.client_id : the.clientOf.get(clientKey(row))!);
    if (differs(values, was)) changed.push({ id, ...values });
  }
  if (changed.length === 0) return 0;
  const after = await store.updateCases(the.firmId, changed);
  undo.before.push(...after.map((row) => before.get(row.id)!));
  const history = after.flatMap((row) => historyOfChange(before.get(row.id)!, row, the.names, the.by));
  undo.history.push(...(await store.addHistory(history)));
  return after.length;
}

const numbersOf = (rows: Checked[]) => rows.flatMap((row) => (row.caseNumber ? [row.caseNumber] : []));
const receiptsOf = (rows: Checked[]) => rows.flatMap((row) => (row.receipt ? [row.receipt] : []));

/** The client names of these rows, each as first written with the lines that name it. */
function namedClients(rows: Checked[]): Map<string, NamedClient> {
  const clients = new Map<string, NamedClient>();
  for (const row of rows) {
    const client = clients.get(row.client);
    if (client) client.lines.push(row.line);
    else clients.set(row.client, { name: row.clientName, lines: [row.line] });
  }
  return clients;
}

export function createTransferService(deps: TransferDeps) {
  const commit = deps.embedded ? batchesApart(deps.bulk) : batchesInOne(deps.db);

  async function assignablesOf(firmId: string): Promise<Assignable[]> {
    return (await deps.firmUsers(firmId))
      .filter((u) => u.status === 'active')
      .map((u) => ({
        id: u.id,
        loginId: u.login_id,
        email: u.email,
        name: personName(u.first_name, u.last_name),
      }));
  }

  /**
   * The plan of the writing, and the rows refused for what the firm has: a case of the row's number
   * (unless updating it), a move of its status the lifecycle does not allow, a receipt number on another
   * case, a name several clients share, the same client's case of the same form with no receipt number.
   */
  async function planOf(firmId: string, rows: Checked[], mode: ImportMode) {
    const store = createTransferStore(deps.bulk);
    const refused: Rejection[] = [];
    const refuse = (line: number, reason: string) => refused.push({ line, reason });
    const numbered = await store.casesNumbered(firmId, numbersOf(rows));
    const updates = new Map<number, NumberedCase>();
    const open: Checked[] = [];
    for (const row of rows) {
      const found = row.caseNumber ? numbered.get(row.caseNumber) : undefined;
      if (found && mode !== 'update') refuse(row.line, IMPORT_REFUSALS_OF_STORED.caseInFirm(row.caseNumber!));
      else if (found && row.status && row.status !== found.status && !canMove(found.status, row.status))
        refuse(row.line, refusedMoveMessage(found.status, row.status));
      else {
        if (found) updates.set(row.line, found);
        open.push(row);
      }
    }
    const holders = await store.receiptHolders(firmId, receiptsOf(open));
    for (const row of open) {
      const holder = row.receipt ? holders.get(row.receipt) : undefined;
      if (holder && holder.id !== updates.get(row.line)?.id)
        refuse(row.line, `Receipt Number ${row.receipt} is on case ${holder.caseNumber} already`);
    }
    // An update keeps its case's client when the row names it; any other row needs the client of its name.
    const needing = open.filter((row) => updates.get(row.line)?.client_name.toLowerCase() !== row.client);
    const clients = namedClients(needing);
    const existing = await store.clientsNamed(firmId, [...clients.keys()]);
    for (const [key, ids] of existing)
      if (ids.length > 1) {
        const { name, lines } = clients.get(key)!;
        const reason = `The firm has ${ids.length} clients named ${name}: open this case from the right client's page instead`;
        for (const line of lines) refuse(line, reason);
      }
    // A name the firm has only with other accents or case may be that person: asked, never split silently.
    const alike = await store.clientsAlike(
      firmId,
      [...clients.keys()].filter((key) => !existing.has(key)),
    );
    for (const [key, name] of alike)
      for (const line of clients.get(key)!.lines)
        refuse(
          line,
          `The firm has a client named ${name}: write the name as their record does to choose them, or add the new person on the People page first`,
        );
    const adding = needing.filter((row) => !updates.has(row.line) && !row.receipt);
    const without = await store.withoutReceiptOf(
      firmId,
      [...new Set(adding.map((row) => existing.get(row.client)?.[0]))].filter((id) => id !== undefined),
    );
    for (const row of adding) {
      const ids = existing.get(row.client);
      const same = ids?.length === 1 ? without.get(`${ids[0]}|${row.formType}`) : undefined;
      if (same)
        refuse(row.line, IMPORT_REFUSALS_OF_STORED.sameWithoutReceipt(row.clientName, row.formType, same));
    }
    return { refused, updates, clients, existing };
  }

  /** The client of each name the rows need: the firm's own, or one added now (once per name, in batches). */
  async function clientsFor(run: Run, firmId: string, plan: Plan) {
    const clientOf = new Map<string, string>();
    const fresh: NamedClient[] = [];
    for (const [key, client] of plan.clients) {
      if (!client.lines.some((line) => !plan.skip.has(line))) continue;
      const ids = plan.existing.get(key);
      if (ids) clientOf.set(key, ids[0]);
      else fresh.push(client);
    }
    for (let i = 0; i < fresh.length; i += CLIENTS_BATCH) {
      const names = fresh.slice(i, i + CLIENTS_BATCH).map((c) => splitName(c.name));
      const added = await run(async (trx, undo) => {
        const ids = await createTransferStore(trx).insertClients(firmId, names);
        undo.clients.push(...ids.values());
        return ids;
      });
      for (const [key, id] of added) clientOf.set(key, id);
    }
    plan.added = fresh.length;
    return clientOf;
  }

  /**
   * Writes the rows not refused, batch by batch (see the top of this file): their clients, their numbers
   * from the firm's counter at once, each new case with its history row, each changed case with a
   * history row per fact, and one audit row. The file is read a second time rather than held in memory.
   */
  async function write(actor: SessionUser, file: string, plan: Plan, adding: number) {
    const firmId = firmOf(actor);
    const [users, names, timeZone] = await Promise.all([
      assignablesOf(firmId),
      userNamesOf(deps, firmId),
      deps.timeZoneOf(firmId),
    ]);
    const year = Number(todayIn(timeZone).slice(0, 4));
    const by = { id: actor.id, name: names.get(actor.id) ?? actor.firstName };
    let updated = 0;

    /** One batch: its new cases, then the cases it changes. */
    const writeBatch =
      (clientOf: Map<string, string>, numbers: () => number) =>
      async (trx: Kysely<DB>, undo: Undo, batch: CaseImport[]) => {
        const store = createTransferStore(trx);
        const adds = batch.filter((row) => !plan.updates.has(row.line));
        if (adds.length) {
          const rows = adds.map((row) => ({
            ...row,
            caseNumber: caseNumberOf(year, numbers()),
            clientId: clientOf.get(clientKey(row))!,
            status: row.status ?? 'pending',
          }));
          undo.cases.push(...(await store.insertCases(firmId, rows, by)));
        }
        const changes = batch.filter((row) => plan.updates.has(row.line));
        if (changes.length === 0) return;
        const ids = new Map(changes.map((row) => [row, plan.updates.get(row.line)!.id]));
        updated += await changeCases(store, undo, { firmId, ids, clientOf, names, by });
      };

    await commit(async (run: Run) => {
      const clientOf = await clientsFor(run, firmId, plan);
      let next = adding ? await run((trx) => createTransferStore(trx).takeNumbers(firmId, year, adding)) : 0;
      const inBatch = writeBatch(clientOf, () => next++);
      let batch: CaseImport[] = [];
      for await (const row of checkedRows(fs.createReadStream(file), assigneeFinder(users))) {
        if (isRejection(row) || plan.skip.has(row.line)) continue;
        batch.push(row);
        if (batch.length < IMPORT_BATCH) continue;
        const full = batch;
        await run((trx, undo) => inBatch(trx, undo, full));
        batch = [];
      }
      if (batch.length) await run((trx, undo) => inBatch(trx, undo, batch));
      await run((trx) =>
        createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'cases.imported',
          entity: 'case',
          entityId: null,
          after: {
            imported: adding,
            updated,
            rejected: plan.rejected,
            mode: plan.mode,
            clientsAdded: plan.added,
          },
          firmId,
        }),
      );
    });
    return updated;
  }

  return {
    /**
     * Imports the cases of a CSV file (import.ts says its form). Every row is checked first; then the rows
     * not refused are written, or none when the mode is all-or-nothing or update and a row was refused.
     */
    async importCases(actor: SessionUser, file: string, mode: ImportMode): Promise<ImportResult> {
      const firmId = firmOf(actor);
      const pass = await firstPass(file, assigneeFinder(await assignablesOf(firmId)));
      const { refused, updates, clients, existing } = await planOf(firmId, pass.rows, mode);
      const rejected = merged([...pass.rejected, ...refused]);
      const skip = new Set(refused.map((r) => r.line));
      const writing = pass.rows.filter((row) => !skip.has(row.line));
      const adding = writing.filter((row) => !updates.has(row.line)).length;
      if (writing.length === 0 || (mode !== 'valid-rows' && rejected.length))
        return { imported: 0, updated: 0, rejected };
      const plan: Plan = { mode, rejected: rejected.length, skip, updates, clients, existing, added: 0 };
      const updated = await guardReceipts(() => write(actor, file, plan, adding));
      if (adding + updated >= VACUUM_AFTER) await createTransferStore(deps.bulk).vacuum();
      return { imported: adding, updated, rejected };
    },

    /**
     * Export Data: the list as filtered and ordered now (every page of it), read batch by batch after a
     * keyset cursor while the file is written; and the file's name, with the firm's today.
     */
    async exportOf(actor: SessionUser, query: CaseListQuery) {
      const firmId = firmOf(actor);
      const where = deps.cases.whereOf(actor, query);
      const order = deps.cases.orderOf(query.sort);
      const [names, timeZone] = await Promise.all([userNamesOf(deps, firmId), deps.timeZoneOf(firmId)]);
      const store = createTransferStore(deps.bulk);
      async function* batches(): AsyncGenerator<ExportCase[]> {
        let cursor: Cursor | undefined;
        for (;;) {
          const rows = await store.exportBatch(where, order, cursor, EXPORT_BATCH);
          if (rows.length) yield rows.map((r) => exportCaseOf(r, names, timeZone));
          if (rows.length < EXPORT_BATCH) return;
          cursor = { key: rows[rows.length - 1].sort_key, id: rows[rows.length - 1].id };
        }
      }
      return { filename: `cases-${todayIn(timeZone)}.csv`, batches: batches() };
    },
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
