import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, FilingAddressesTable } from '../db/schema';

export type FilingAddressRow = Selectable<FilingAddressesTable>;

/** A firm's filing addresses: the only place that reads or writes `filing_addresses`. */
export function createFilingAddressesStore(db: Kysely<DB>) {
  return {
    /** The firm's addresses, withdrawn ones too: the newest in effect first, then by form, then as added. */
    ofFirm: (firmId: string): Promise<FilingAddressRow[]> =>
      db
        .selectFrom('filing_addresses')
        .selectAll()
        .where('firm_id', '=', firmId)
        .orderBy('effective_from', 'desc')
        .orderBy('form')
        .orderBy('added_at')
        .orderBy('id')
        .execute(),

    one: (firmId: string, id: string): Promise<FilingAddressRow | undefined> =>
      db
        .selectFrom('filing_addresses')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /**
     * The address of the form in effect on the day: the newest not withdrawn from that day or before; of
     * several from the same day, the first added.
     */
    inEffect: (firmId: string, form: string, asOf: string): Promise<FilingAddressRow | undefined> =>
      db
        .selectFrom('filing_addresses')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where('form', '=', form)
        .where('effective_from', '<=', asOf)
        .where('withdrawn_at', 'is', null)
        .orderBy('effective_from', 'desc')
        .orderBy('added_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst(),

    add: (row: {
      firmId: string;
      form: string;
      label: string | null;
      address: string;
      effectiveFrom: string;
      sourceUrl: string;
      addedBy: string;
    }): Promise<FilingAddressRow> =>
      db
        .insertInto('filing_addresses')
        .values({
          firm_id: row.firmId,
          form: row.form,
          label: row.label,
          address: row.address,
          effective_from: row.effectiveFrom,
          source_url: row.sourceUrl,
          added_by: row.addedBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** Withdraws one of the firm's addresses not withdrawn yet; undefined when there is none such. */
    withdraw: (
      firmId: string,
      id: string,
      by: string,
      reason: string,
    ): Promise<FilingAddressRow | undefined> =>
      db
        .updateTable('filing_addresses')
        .set({ withdrawn_at: sql<Date>`now()`, withdrawn_by: by, withdrawn_reason: reason })
        .where('firm_id', '=', firmId)
        .where('id', '=', id)
        .where('withdrawn_at', 'is', null)
        .returningAll()
        .executeTakeFirst(),
  };
}
