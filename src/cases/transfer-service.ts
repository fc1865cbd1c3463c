/**
 * Import Cases and Export Data: the rules and the transaction of an import (every row checked before
 * anything is written, the valid rows in one transaction or none), and the export's batches.
 */
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import { isUniqueViolation } from '../db/database';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { personName } from '../shared/cases';
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
import type { CaseListQuery } from './schema';
import { type CasesService, firmOf, splitName, userNamesOf } from './service';
import { caseNumberOf } from './store';
import {
  createTransferStore,
  type Cursor,
  type ExportedRow,
  type ImportedCase,
  INSERT_BATCH,
  type TransferStore,
} from './transfer-store';

/** An import this large changes the tables enough for them to be vacuumed and analyzed at once. */
const VACUUM_AFTER = 1000;
/**
 * Rows per read of the export. Measured on PGlite over 100,000 cases: 1,000 a read grew the server's memory
 * by 45 MB, 250 by 2 MB, in the same time.
 */
const EXPORT_BATCH = 250;

type TransferDeps = {
  db: Kysely<DB>;
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

/** A client name of the file: as first written, and the lines of the valid rows that name it. */
type NamedClient = { name: string; lines: number[] };

/** What the first reading of the file found: the refused rows, and what the valid ones need. */
type FirstPass = {
  rejected: Rejection[];
  valid: number;
  /** By full name without case ("ana lopez"). */
  clients: Map<string, NamedClient>;
  /** Each receipt number of a valid row, with its line. */
  receipts: Map<string, number>;
};

const clientKey = (row: CaseImport) => row.clientName.toLowerCase();

async function firstPass(file: string, find: ReturnType<typeof assigneeFinder>): Promise<FirstPass> {
  const pass: FirstPass = { rejected: [], valid: 0, clients: new Map(), receipts: new Map() };
  for await (const row of checkedRows(fs.createReadStream(file), find)) {
    if (isRejection(row)) {
      pass.rejected.push(row);
      continue;
    }
    pass.valid++;
    const client = pass.clients.get(clientKey(row));
    if (client) client.lines.push(row.line);
    else pass.clients.set(clientKey(row), { name: row.clientName, lines: [row.line] });
    if (row.receiptNumber) pass.receipts.set(row.receiptNumber, row.line);
  }
  return pass;
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
    if (!isUniqueViolation(error)) throw error;
    throw new ServiceError(
      'conflict',
      'A receipt number in the file was just saved on another case. Nothing was imported: import the file again to see which row.',
    );
  }
}

/** What the transaction writes: the rows not refused, and the clients they name. */
type Plan = {
  mode: ImportMode;
  count: number;
  rejected: number;
  /** Lines refused for what is stored (the file's own faults are found again as it is read). */
  skip: Set<number>;
  /** The file's client names that valid rows use, and the firm's clients of each name. */
  clients: Map<string, NamedClient>;
  existing: Map<string, string[]>;
};

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

export function createTransferService(deps: TransferDeps) {
  const { db } = deps;

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

  /** Rows refused for what is stored already: a receipt number on a case, a name several clients share. */
  async function storedConflicts(firmId: string, pass: FirstPass) {
    const store = createTransferStore(db);
    const [holders, existing] = await Promise.all([
      store.receiptHolders(firmId, [...pass.receipts.keys()]),
      store.clientsNamed(firmId, [...pass.clients.keys()]),
    ]);
    const refused: Rejection[] = [];
    for (const [receipt, caseNumber] of holders)
      refused.push({
        line: pass.receipts.get(receipt)!,
        reason: `Receipt Number ${receipt} is on case ${caseNumber} already`,
      });
    for (const [key, ids] of existing)
      if (ids.length > 1) {
        const { name, lines } = pass.clients.get(key)!;
        const reason = `The firm has ${ids.length} clients named ${name}: open this case from the right client's page instead`;
        refused.push(...lines.map((line) => ({ line, reason })));
      }
    return { refused: merged(refused), existing };
  }

  /** The client of each name the rows use: the firm's own, or one added now (once per name). */
  async function clientsFor(store: TransferStore, firmId: string, plan: Plan) {
    const clientOf = new Map<string, string>();
    const fresh: NamedClient[] = [];
    for (const [key, client] of plan.clients) {
      if (!client.lines.some((line) => !plan.skip.has(line))) continue;
      const ids = plan.existing.get(key);
      if (ids) clientOf.set(key, ids[0]);
      else fresh.push(client);
    }
    const added = await store.insertClients(
      firmId,
      fresh.map((c) => splitName(c.name)),
    );
    for (const [key, id] of added) clientOf.set(key, id);
    return { clientOf, added: fresh.length };
  }

  /**
   * Writes the rows not refused in one transaction: their numbers taken from the firm's counter at once,
   * their clients, each case with its history row, and one audit row. The file is read a second time
   * rather than held in memory.
   */
  async function write(actor: SessionUser, file: string, plan: Plan) {
    const firmId = firmOf(actor);
    const [users, timeZone] = await Promise.all([assignablesOf(firmId), deps.timeZoneOf(firmId)]);
    const year = Number(todayIn(timeZone).slice(0, 4));
    const by = { id: actor.id, name: users.find((u) => u.id === actor.id)?.name ?? actor.firstName };
    await inTransaction(db, async (trx) => {
      const store = createTransferStore(trx);
      const { clientOf, added } = await clientsFor(store, firmId, plan);
      let next = await store.takeNumbers(firmId, year, plan.count);
      let batch: ImportedCase[] = [];
      for await (const row of checkedRows(fs.createReadStream(file), assigneeFinder(users))) {
        if (isRejection(row) || plan.skip.has(row.line)) continue;
        batch.push({
          ...row,
          caseNumber: caseNumberOf(year, next++),
          clientId: clientOf.get(clientKey(row))!,
        });
        if (batch.length < INSERT_BATCH) continue;
        await store.insertCases(firmId, batch, by);
        batch = [];
      }
      if (batch.length) await store.insertCases(firmId, batch, by);
      await createAuditService(trx).record({
        actorUserId: actor.id,
        action: 'cases.imported',
        entity: 'case',
        entityId: null,
        after: { imported: plan.count, rejected: plan.rejected, mode: plan.mode, clientsAdded: added },
        firmId,
      });
    });
  }

  return {
    /**
     * Imports the cases of a CSV file (import.ts says its form). Every row is checked first; then the valid
     * rows are written in one transaction, or none when the mode is all-or-nothing and a row was refused.
     */
    async importCases(actor: SessionUser, file: string, mode: ImportMode): Promise<ImportResult> {
      const firmId = firmOf(actor);
      const pass = await firstPass(file, assigneeFinder(await assignablesOf(firmId)));
      const { refused, existing } = await storedConflicts(firmId, pass);
      const rejected = merged([...pass.rejected, ...refused]);
      const count = pass.valid - refused.length;
      if (count === 0 || (mode === 'all-or-nothing' && rejected.length)) return { imported: 0, rejected };
      const skip = new Set(refused.map((r) => r.line));
      const plan = { mode, count, rejected: rejected.length, skip, clients: pass.clients, existing };
      await guardReceipts(() => write(actor, file, plan));
      if (count >= VACUUM_AFTER) await createTransferStore(db).vacuum();
      return { imported: count, rejected };
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
      const store = createTransferStore(db);
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
