import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { isIsoDate } from '../shared/dates';
import { ServiceError } from '../shared/errors';
import { type AddressInEffect, type FilingAddress, formCodeOf } from '../shared/filing-addresses';
import type { SessionUser } from '../shared/session';
import type { FilingAddressInput } from './schema';
import { createFilingAddressesStore, type FilingAddressRow } from './store';

export const FILING_ADDRESS_NOT_FOUND = 'Filing address not found.';

/** What the filing addresses need of the rest of the product. */
type FilingAddressesDeps = {
  db: Kysely<DB>;
  /** The full names of some of the firm's users, by ID (those not of the firm are left out). */
  namesOf(firmId: string, ids: string[]): Promise<Map<string, string>>;
};

/** An address as the audit log keeps it: enough to say which it was. */
const audited = (row: FilingAddressRow) => ({
  form: row.form,
  label: row.label,
  effectiveFrom: row.effective_from,
  address: row.address,
});

const toAddress = (row: FilingAddressRow, names: Map<string, string>): FilingAddress => ({
  id: row.id,
  form: row.form,
  label: row.label,
  address: row.address,
  effectiveFrom: row.effective_from,
  sourceUrl: row.source_url,
  addedAt: row.added_at.toISOString(),
  addedBy:
    row.added_by && names.has(row.added_by) ? { id: row.added_by, name: names.get(row.added_by)! } : null,
  withdrawnAt: row.withdrawn_at?.toISOString() ?? null,
  withdrawnReason: row.withdrawn_reason,
});

/**
 * A firm's USCIS filing addresses ("Where to file", lockboxes), each dated from the day it applies: the
 * firm keeps them as USCIS changes them, and a cover letter prints the one in effect on its date. An
 * address is never edited or deleted: it is withdrawn with the reason, and stays listed. Every change is
 * audited. Platform staff have none.
 */
export function createFilingAddressesService(deps: FilingAddressesDeps) {
  const store = createFilingAddressesStore(deps.db);

  const firmOf = (actor: SessionUser) => {
    if (!actor.firmId)
      throw new ServiceError(
        'forbidden',
        'Filing addresses are kept by a firm for its filings: platform staff have none.',
      );
    return actor.firmId;
  };

  /** The rows as the API answers them, with the names of who added them. */
  async function shown(firmId: string, rows: FilingAddressRow[]): Promise<FilingAddress[]> {
    const ids = [...new Set(rows.flatMap((row) => (row.added_by ? [row.added_by] : [])))];
    const names = ids.length ? await deps.namesOf(firmId, ids) : new Map<string, string>();
    return rows.map((row) => toAddress(row, names));
  }

  return {
    /** The firm's addresses, withdrawn ones too (marked): the newest in effect first. */
    async list(actor: SessionUser): Promise<FilingAddress[]> {
      const firmId = firmOf(actor);
      return shown(firmId, await store.ofFirm(firmId));
    },

    async add(actor: SessionUser, input: FilingAddressInput): Promise<FilingAddress> {
      const firmId = firmOf(actor);
      const row = await inTransaction(deps.db, async (trx) => {
        const added = await createFilingAddressesStore(trx).add({
          firmId,
          form: input.form,
          label: input.label,
          address: input.address,
          effectiveFrom: input.effectiveFrom,
          sourceUrl: input.sourceUrl,
          addedBy: actor.id,
        });
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'filing-address.added',
          entity: 'filing-address',
          entityId: added.id,
          after: { ...audited(added), sourceUrl: added.source_url },
          firmId,
        });
        return added;
      });
      return (await shown(firmId, [row]))[0];
    },

    /** Withdraws one of the firm's addresses, with the reason: it is used no more, and stays listed. */
    async withdraw(actor: SessionUser, id: string, reason: string): Promise<FilingAddress> {
      const firmId = firmOf(actor);
      const row = await inTransaction(deps.db, async (trx) => {
        const trxStore = createFilingAddressesStore(trx);
        const done = await trxStore.withdraw(firmId, id, actor.id, reason);
        if (!done) {
          const held = await trxStore.one(firmId, id);
          if (!held) throw new ServiceError('not-found', FILING_ADDRESS_NOT_FOUND);
          throw new ServiceError(
            'conflict',
            `This address is already withdrawn: ${held.withdrawn_reason ?? 'no reason given'}`,
          );
        }
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'filing-address.withdrawn',
          entity: 'filing-address',
          entityId: id,
          before: audited(done),
          after: { reason },
          firmId,
        });
        return done;
      });
      return (await shown(firmId, [row]))[0];
    },

    /**
     * The firm's address for the form in effect on `asOf` (a date, YYYY-MM-DD): the newest not withdrawn
     * whose effective date is that day or before; of several from the same day (for different filers), the
     * first added. Undefined when the firm holds none for that form then.
     */
    async addressFor(firmId: string, form: string, asOf: string): Promise<AddressInEffect | undefined> {
      if (!isIsoDate(asOf))
        throw new Error(`addressFor: asOf must be a date written YYYY-MM-DD, not ${asOf}`);
      const code = formCodeOf(form);
      if (!code) return undefined;
      const row = await store.inEffect(firmId, code, asOf);
      return (
        row && {
          id: row.id,
          form: row.form,
          label: row.label,
          lines: row.address.split('\n'),
          effectiveFrom: row.effective_from,
          sourceUrl: row.source_url,
        }
      );
    },
  };
}

export type FilingAddressesService = ReturnType<typeof createFilingAddressesService>;
