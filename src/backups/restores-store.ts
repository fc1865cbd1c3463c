import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, RestoresTable, RestoreStatus } from '../db/schema';

export type RestoreRow = Selectable<RestoresTable> & { firm_name: string | null };

/** The restores table: this feature's alone. */
export function createRestoresStore(db: Kysely<DB>) {
  const withFirm = () =>
    db
      .selectFrom('restores')
      .leftJoin('firms', 'firms.id', 'restores.firm_id')
      .selectAll('restores')
      .select('firms.name as firm_name');

  return {
    async insert(restore: {
      id: string;
      fileKey: string;
      sizeBytes: number;
      createdBy: string;
    }): Promise<void> {
      await db
        .insertInto('restores')
        .values({
          id: restore.id,
          file_key: restore.fileKey,
          size_bytes: restore.sizeBytes,
          created_by: restore.createdBy,
          backup_made_at: null,
          verification: null,
          error: null,
          firm_id: null,
          finished_at: null,
          confirmed_by: null,
          confirmed_at: null,
        })
        .execute();
    },

    find: (id: string): Promise<RestoreRow | undefined> =>
      withFirm().where('restores.id', '=', id).executeTakeFirst(),

    /** The newest restore into a firm (the one its administrator checks). */
    latestOfFirm: (firmId: string): Promise<RestoreRow | undefined> =>
      withFirm()
        .where('restores.firm_id', '=', firmId)
        .orderBy('restores.created_at', 'desc')
        .limit(1)
        .executeTakeFirst(),

    async page(options: { offset: number; limit: number }): Promise<{ rows: RestoreRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        withFirm()
          .orderBy('restores.created_at', 'desc')
          .orderBy('restores.id', 'desc')
          .offset(options.offset)
          .limit(options.limit)
          .execute(),
        db
          .selectFrom('restores')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async update(
      id: string,
      change: Partial<{
        status: RestoreStatus;
        firmId: string | null;
        fileKey: string | null;
        backupMadeAt: Date;
        verification: unknown;
        error: string | null;
        finished: boolean;
        confirmedBy: string;
      }>,
    ): Promise<void> {
      await db
        .updateTable('restores')
        .set({
          ...(change.status && { status: change.status }),
          ...(change.firmId !== undefined && { firm_id: change.firmId }),
          ...(change.fileKey !== undefined && { file_key: change.fileKey }),
          ...(change.backupMadeAt && { backup_made_at: change.backupMadeAt }),
          ...(change.verification !== undefined && { verification: JSON.stringify(change.verification) }),
          ...(change.error !== undefined && { error: change.error }),
          ...(change.finished && { finished_at: sql<Date>`now()` }),
          ...(change.confirmedBy && { confirmed_by: change.confirmedBy, confirmed_at: sql<Date>`now()` }),
        })
        .where('id', '=', id)
        .execute();
    },
  };
}
