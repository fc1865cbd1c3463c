import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, RuleTablesTable } from '../db/schema';

export type RuleTableRow = Selectable<RuleTablesTable>;

/** The staff's dated tables: the only place that reads or writes `rule_tables`. */
export function createRuleTablesStore(db: Kysely<DB>) {
  return {
    /** Every table, withdrawn ones too, newest first. */
    all: (): Promise<RuleTableRow[]> =>
      db.selectFrom('rule_tables').selectAll().orderBy('created_at', 'desc').execute(),

    add: (row: {
      kind: RuleTableRow['kind'];
      effectiveFrom: string;
      citation: string;
      sourceUrl: string;
      data: unknown;
      createdBy: string;
    }): Promise<RuleTableRow> =>
      db
        .insertInto('rule_tables')
        .values({
          kind: row.kind,
          effective_from: row.effectiveFrom,
          citation: row.citation,
          source_url: row.sourceUrl,
          data: JSON.stringify(row.data),
          created_by: row.createdBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** Withdraws a table still in force; undefined when there is none by that ID in force. */
    withdraw: (id: string, by: string, reason: string): Promise<RuleTableRow | undefined> =>
      db
        .updateTable('rule_tables')
        .set({ withdrawn_at: sql<Date>`now()`, withdrawn_by: by, withdrawn_reason: reason })
        .where('id', '=', id)
        .where('withdrawn_at', 'is', null)
        .returningAll()
        .executeTakeFirst(),
  };
}
